import { registerDecorator, ValidationOptions } from 'class-validator';

/** Size caps of a POST /notify body (public route): documented in docs/notification-hub.md. */
export const NOTIFY_LIMITS = {
  sourceAgentChars: 128,
  titleChars: 1_000,
  bodyChars: 65_536,
  metadataKeys: 50,
  metadataDepth: 4,
  metadataBytes: 16_384,
} as const;

function metadataProblem(value: unknown): string | undefined {
  let keys = 0;
  const walk = (node: unknown, depth: number): string | undefined => {
    if (node === null || typeof node !== 'object') return undefined;
    if (depth > NOTIFY_LIMITS.metadataDepth)
      return `metadata may be nested at most ${NOTIFY_LIMITS.metadataDepth} levels deep`;
    for (const [key, inner] of Object.entries(node)) {
      if (!Array.isArray(node) && ++keys > NOTIFY_LIMITS.metadataKeys)
        return `metadata may hold at most ${NOTIFY_LIMITS.metadataKeys} keys`;
      if (key.length > NOTIFY_LIMITS.sourceAgentChars)
        return `metadata keys may be at most ${NOTIFY_LIMITS.sourceAgentChars} characters long`;
      const problem = walk(inner, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  };
  const problem = walk(value, 1);
  if (problem) return problem;
  if (Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8') > NOTIFY_LIMITS.metadataBytes)
    return `metadata may be at most ${NOTIFY_LIMITS.metadataBytes} bytes as JSON`;
  return undefined;
}

/** metadata within NOTIFY_LIMITS: key count, depth and serialized size. */
export function IsBoundedMetadata(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isBoundedMetadata',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => metadataProblem(value) === undefined,
        defaultMessage: (args) => metadataProblem(args?.value) ?? 'metadata is too large',
      },
    });
}
