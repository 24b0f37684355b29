export class RootFolderAddedEvent {
  static readonly NAME = 'rootfolder.added';
  constructor(readonly rootFolderId: number) {}
}

export class RootFolderEditedEvent {
  static readonly NAME = 'rootfolder.edited';
  constructor(readonly rootFolderId: number) {}
}

export class RootFolderDeletedEvent {
  static readonly NAME = 'rootfolder.deleted';
  constructor(readonly rootFolderId: number) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [RootFolderAddedEvent.NAME]: RootFolderAddedEvent;
    [RootFolderEditedEvent.NAME]: RootFolderEditedEvent;
    [RootFolderDeletedEvent.NAME]: RootFolderDeletedEvent;
  }
}
