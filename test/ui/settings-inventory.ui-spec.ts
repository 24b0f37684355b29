import { UiWorld } from './ui-world';

/**
 * The settings inventory in a real browser: a field Quire does not support is drawn disabled with the reason, a
 * stored-but-not-yet-acting one carries a note, on a config page and in a provider's form.
 */
describe('web UI: what each setting does', () => {
  const world = new UiWorld();
  const page = () => world.page;

  beforeAll(async () => {
    await world.start({}, { fresh: true });
    await world.signIn();
  }, 180_000);

  afterAll(() => world.stop());

  const open = async (path: string, heading: string) => {
    await page().goto(`${world.quire.url}${path}`);
    await page().getByRole('heading', { name: heading, exact: true }).first().waitFor();
  };

  it('General: the port the environment sets is disabled naming it; the URL base applies after a restart', async () => {
    await open('/settings/general', 'General');
    // The test server is started with PORT, which wins over the saved port.
    const port = page().locator('fieldset[data-setting="port"]');
    await port.getByText('Set by the PORT environment variable', { exact: true }).waitFor();
    expect(await port.getByRole('textbox').isDisabled()).toBe(true);
    await page().getByText('For reverse proxy support, e.g. /quire; takes effect after a restart').waitFor();
    expect(await page().getByLabel('URL base').isDisabled()).toBe(false);
    const applicationUrl = page().locator('fieldset[data-setting="applicationUrl"]');
    await applicationUrl.getByText(/^Stored and shown, as in Readarr/).waitFor();
    expect(
      await page()
        .getByText(/Not yet acted on by Quire/)
        .count(),
    ).toBe(0);
    expect(await applicationUrl.getByRole('textbox').isDisabled()).toBe(false);
    await world.shot('settings-inventory-general');
  });

  it('a connection’s unsupported trigger is disabled in its form', async () => {
    await open('/settings/connect', 'Connections');
    await page().getByRole('button', { name: 'Add connection' }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Custom Webhook' }).click();
    await page().getByRole('dialog').getByTestId('provider-form').waitFor();
    const update = page().getByRole('dialog').locator('fieldset[data-setting="onApplicationUpdate"]');
    await update.getByText(/^Not supported by Quire: /).waitFor();
    expect(await update.getByRole('checkbox').isDisabled()).toBe(true);
  });
});
