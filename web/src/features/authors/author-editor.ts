/** The mass editor's form: "no change" is the empty string everywhere. */
export interface AuthorEditorForm {
  monitored: '' | 'true' | 'false';
  qualityProfileId: string;
  metadataProfileId: string;
  rootFolderPath: string;
  moveFiles: boolean;
  tags: string[];
  applyTags: 'add' | 'remove' | 'replace';
}

export const EMPTY_EDITOR_FORM: AuthorEditorForm = {
  monitored: '',
  qualityProfileId: '',
  metadataProfileId: '',
  rootFolderPath: '',
  moveFiles: false,
  tags: [],
  applyTags: 'add',
};

/** The `PUT /author/editor` body for a form: only what the user changed, Readarr's field names. */
export function editorPayload(form: AuthorEditorForm, authorIds: number[]): Record<string, unknown> {
  const body: Record<string, unknown> = { authorIds };
  if (form.monitored) body.monitored = form.monitored === 'true';
  if (form.qualityProfileId) body.qualityProfileId = Number(form.qualityProfileId);
  if (form.metadataProfileId) body.metadataProfileId = Number(form.metadataProfileId);
  if (form.rootFolderPath) {
    body.rootFolderPath = form.rootFolderPath;
    body.moveFiles = form.moveFiles;
  }
  if (form.tags.length > 0 || form.applyTags === 'replace') {
    body.tags = form.tags.map(Number);
    body.applyTags = form.applyTags;
  }
  return body;
}

export function hasChanges(form: AuthorEditorForm): boolean {
  return Object.keys(editorPayload(form, [])).length > 1;
}
