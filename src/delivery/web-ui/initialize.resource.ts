/** What the single-page app needs before its first API call (Readarr's `initialize.js`, as JSON). */
export class InitializeResource {
  apiRoot!: string;
  apiKey!: string;
  /** Readarr's release line (what `X-Application-Version` says), so a Readarr-era front end sees no update. */
  release!: string;
  version!: string;
  /** Quire's own version, which Quire's UI shows. */
  packageVersion!: string;
  instanceName!: string;
  theme!: string;
  branch!: string;
  analytics!: boolean;
  userHash!: string;
  urlBase!: string;
  isProduction!: boolean;
}
