import { basename, extname } from 'node:path';
import { bookFileMediaType } from '../../platform/common/book-formats';
import type { EmailAttachment } from '../hub/channels/email.channel';
import type { ChannelMessage } from '../hub/notification.types';

/** Readarr's ebook extensions: with `attachFiles` it attaches these and leaves audiobook files out. */
const ATTACHABLE = new Set(['.epub', '.kepub', '.mobi', '.azw3', '.pdf']);

/** The book file a release-import message names, when it is an ebook; a reference, read from disk at each attempt. */
export function importedBookAttachment(message: ChannelMessage): EmailAttachment | undefined {
  if (message.metadata.eventType !== 'download') return undefined;
  const path = message.metadata.path;
  if (typeof path !== 'string' || !ATTACHABLE.has(extname(path).toLowerCase())) return undefined;
  return { path, filename: basename(path), contentType: bookFileMediaType(path) };
}
