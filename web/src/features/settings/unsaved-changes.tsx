import { Button, Group, Modal, Text } from '@mantine/core';
import { type ComponentType, useEffect, useId, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';

/** The forms of the page that hold unsaved changes, by id; one guard per page watches them. */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const anyDirty = () => dirtyForms.size > 0;

/** Marks the calling form as holding unsaved changes while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    notify();
    return () => {
      dirtyForms.delete(id);
      notify();
    };
  }, [id, dirty]);
}

/** The same value, compared by content: whether a form's draft differs from what it started from. */
export const differs = (a: unknown, b: unknown): boolean => JSON.stringify(a) !== JSON.stringify(b);

/**
 * While any form of the page is dirty: leaving the page inside the app asks first (useBlocker), and closing or
 * reloading the tab gets the browser's own question (beforeunload).
 */
function UnsavedChangesGuard() {
  const dirty = useSyncExternalStore(subscribe, anyDirty);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal opened onClose={() => blocker.reset()} title="Unsaved changes" zIndex={1000} data-testid="unsaved-changes">
      <Text size="sm">This page has changes that are not saved. Leave and lose them?</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset()}>
          Stay
        </Button>
        <Button color="red" onClick={() => blocker.proceed()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
}

/** A settings page with the guard beside it. */
export function guarded<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  const GuardedPage = (props: P) => (
    <>
      <Page {...props} />
      <UnsavedChangesGuard />
    </>
  );
  GuardedPage.displayName = `Guarded(${Page.displayName ?? Page.name})`;
  return GuardedPage;
}
