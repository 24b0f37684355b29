import { SetMetadata } from '@nestjs/common';

export const IS_BROWSER_RESOURCE = 'quire:isBrowserResource';

/**
 * A file a browser loads by URL (a cover, a backup or log file download), where it cannot add a header: like
 * Readarr's UI routes it is served to whoever the configured authentication lets in without credentials
 * (method `none`; `disabledForLocalAddresses` from a local address), besides the API key and the session cookie
 * that every guarded route accepts.
 */
export const BrowserResource = () => SetMetadata(IS_BROWSER_RESOURCE, true);
