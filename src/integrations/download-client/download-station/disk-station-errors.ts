/** DSM's error codes as the Web API documents them: common ones, then per API (the same number means different things). */
const COMMON: Record<number, string> = {
  100: 'Unknown error',
  101: 'Invalid parameter',
  102: 'The requested API does not exist',
  103: 'The requested method does not exist',
  104: 'The requested version does not support the functionality',
  105: 'The logged in session does not have permission',
  106: 'Session timeout',
  107: 'Session interrupted by duplicate login',
  119: 'SID not found',
};

const AUTH: Record<number, string> = {
  400: 'No such account or incorrect password',
  401: 'Disabled account',
  402: 'Denied permission',
  403: '2-step authentication code required',
  404: 'Failed to authenticate 2-step authentication code',
  406: 'Enforce to authenticate with 2-factor authentication code',
  407: 'Blocked IP source',
  408: 'Expired password cannot change',
  409: 'Expired password',
  410: 'Password must be changed',
};

const TASK: Record<number, string> = {
  400: 'File upload failed',
  401: 'Max number of tasks reached',
  402: 'Destination denied',
  403: 'Destination does not exist',
  404: 'Invalid task id',
  405: 'Invalid task action',
  406: 'No default destination',
  407: 'Set destination failed',
  408: 'File does not exist',
};

const FILE_STATION: Record<number, string> = {
  160: 'Permission denied. Give your user access to FileStation.',
  400: 'Invalid parameter of file operation',
  401: 'Unknown error of file operation',
  402: 'System is too busy',
  403: 'Invalid user does this file operation',
  407: 'Operation not permitted',
  408: 'No such file or directory',
  418: 'Illegal name or path',
};

const BY_API: Record<string, Record<number, string>> = {
  'SYNO.API.Auth': AUTH,
  'SYNO.DownloadStation.Task': TASK,
  'SYNO.DownloadStation2.Task': TASK,
  'SYNO.FileStation.List': FILE_STATION,
};

export function diskStationMessage(api: string, code: number): string {
  return BY_API[api]?.[code] ?? COMMON[code] ?? `${code} - Unknown error`;
}

/** Codes after which the session is gone (Readarr forgets it, and the next call logs in again). */
export const SESSION_ERRORS = new Set([105, 106, 107, 119]);

/** DSM answered `success: false`. */
export class DiskStationError extends Error {
  constructor(
    message: string,
    readonly api: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** The account cannot log in (wrong password, disabled, 2-step code needed …) or lacks the permission. */
export class DiskStationAuthenticationError extends DiskStationError {}

/** No answer at all, or not HTTP 200. */
export class DiskStationUnreachableError extends Error {}
