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

  it('General: the port is disabled with its reason; the application URL is noted as not yet acted on', async () => {
    await open('/settings/general', 'General');
    const port = page().locator('fieldset[data-setting="port"]');
    await port.getByText(/^Not supported by Quire: .*PORT environment variable/).waitFor();
    expect(await port.getByRole('textbox').isDisabled()).toBe(true);
    const applicationUrl = page().locator('fieldset[data-setting="applicationUrl"]');
    await applicationUrl.getByText(/^Not yet acted on by Quire: /).waitFor();
    expect(await applicationUrl.getByRole('textbox').isDisabled()).toBe(false);
    await world.shot('settings-inventory-general');
  });

  it('a connection’s unsupported trigger is disabled in its form', async () => {
    await open('/settings/connect', 'Connections');
    await page().getByRole('button', { name: 'Add connection' }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Add Webhook' }).click();
    await page().getByRole('dialog').getByTestId('provider-form').waitFor();
    const update = page().getByRole('dialog').locator('fieldset[data-setting="onApplicationUpdate"]');
    await update.getByText(/^Not supported by Quire: /).waitFor();
    expect(await update.getByRole('checkbox').isDisabled()).toBe(true);
  });
});
