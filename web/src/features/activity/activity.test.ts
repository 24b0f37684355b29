import { describe, expect, it } from 'vitest';
import {
  canGrab,
  canManualImport,
  canMarkFailed,
  manualImportFile,
  eventTypeFilter,
  formatTimeLeft,
  historyEvent,
  queueProgress,
  queueStatus,
  splitWords,
  statusLines,
} from './activity';

describe('activity mapping', () => {
  it('maps a history filter choice to the eventType number the server filters by', () => {
    expect(eventTypeFilter('grabbed')).toBe(1);
    expect(eventTypeFilter('downloadFailed')).toBe(4);
    expect(eventTypeFilter(null)).toBeUndefined();
    expect(eventTypeFilter('all')).toBeUndefined();
  });

  it('labels known and unknown events', () => {
    expect(historyEvent('bookFileImported')).toMatchObject({ label: 'File imported', color: 'teal' });
    expect(historyEvent('somethingNew').label).toBe('somethingNew');
  });

  it('offers mark-failed only on grabs', () => {
    expect(canMarkFailed({ eventType: 'grabbed' })).toBe(true);
    expect(canMarkFailed({ eventType: 'bookFileImported' })).toBe(false);
  });

  it('computes progress without dividing by zero or leaving 0–100', () => {
    expect(queueProgress({ size: 200, sizeleft: 50 })).toBe(75);
    expect(queueProgress({ size: 0, sizeleft: 0 })).toBe(0);
    expect(queueProgress({ size: 100, sizeleft: 150 })).toBe(0);
    expect(queueProgress({ size: 3, sizeleft: 1 })).toBe(66.7);
  });

  it('prefers the tracked state over the client status, coloured by the tracked status', () => {
    expect(queueStatus({ status: 'downloading', trackedDownloadState: 'downloading' })).toEqual({
      label: 'Downloading',
      color: 'blue',
    });
    expect(
      queueStatus({ status: 'completed', trackedDownloadState: 'importFailed', trackedDownloadStatus: 'error' }),
    ).toEqual({ label: 'Import failed', color: 'red' });
    expect(queueStatus({ status: 'completed', trackedDownloadState: 'imported' }).color).toBe('teal');
    expect(splitWords('importPending')).toBe('Import pending');
  });

  it('formats .NET time spans', () => {
    expect(formatTimeLeft('00:05:09')).toBe('00:05:09');
    expect(formatTimeLeft('2.01:00:00')).toBe('2d 01:00:00');
    expect(formatTimeLeft('00:00:01.5000000')).toBe('00:00:01');
    expect(formatTimeLeft(undefined)).toBe('');
  });

  it('flattens status messages under their titles, the error first', () => {
    expect(
      statusLines({
        errorMessage: 'Import failed',
        statusMessages: [
          { title: 'book.epub', messages: ['Not a book', 'Too small'] },
          { title: 'Only a title', messages: [] },
        ],
      }),
    ).toEqual(['Import failed', 'book.epub: Not a book', 'book.epub: Too small', 'Only a title']);
  });

  it('offers grab on held-back releases and manual import on downloads that did not import', () => {
    expect(canGrab({ status: 'delay' })).toBe(true);
    expect(canGrab({ status: 'downloading' })).toBe(false);
    expect(canManualImport({ downloadId: 'SAB_1', trackedDownloadState: 'importFailed' })).toBe(true);
    expect(canManualImport({ downloadId: 'SAB_1', trackedDownloadState: 'downloading' })).toBe(false);
    expect(canManualImport({ downloadId: undefined, trackedDownloadState: 'importFailed' })).toBe(false);
  });

  it('builds the ManualImport file from a proposal, the chosen book winning (and dropping its edition)', () => {
    const proposal = {
      id: 1,
      path: '/downloads/x/track.mp3',
      size: 10,
      author: { id: 4 },
      book: { id: 7 },
      foreignEditionId: 'OL1M',
      quality: { quality: { id: 10, name: 'MP3' } },
      qualityWeight: 1,
      downloadId: 'SAB_1',
      indexerFlags: 0,
      additionalFile: false,
      replaceExistingFiles: false,
      disableReleaseSwitching: false,
    } as unknown as Parameters<typeof manualImportFile>[0];
    expect(manualImportFile(proposal, undefined, undefined)).toMatchObject({
      authorId: 4,
      bookId: 7,
      foreignEditionId: 'OL1M',
      downloadId: 'SAB_1',
    });
    expect(manualImportFile(proposal, 9, 4)).toMatchObject({ bookId: 9, foreignEditionId: undefined });
  });
});
