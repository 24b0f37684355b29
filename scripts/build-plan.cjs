// Whether one part of Quire (server or web UI) needs building: kept apart from scripts/build.mjs so the decision
// can be tested without running a build.

/**
 * @param {{ ifChanged: boolean, outputExists: boolean, lastBuild: number | undefined, newestInput: number }} state
 *   lastBuild: when the part was last built (ms), undefined when never by this script; newestInput: the newest
 *   modification time among its inputs (ms).
 * @returns {{ build: boolean, reason: string }}
 */
function planBuild({ ifChanged, outputExists, lastBuild, newestInput }) {
  if (!ifChanged) return { build: true, reason: 'asked for' };
  if (!outputExists) return { build: true, reason: 'no build yet' };
  if (lastBuild === undefined) return { build: true, reason: 'built by another tool, freshness unknown' };
  if (newestInput > lastBuild) return { build: true, reason: 'sources changed since the last build' };
  return { build: false, reason: 'up to date' };
}

module.exports = { planBuild };
