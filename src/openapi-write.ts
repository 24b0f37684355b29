// `npm run openapi:write [file]`: writes Quire's OpenAPI document (default docs/openapi.json).
// Boots the app like `npm start` does (DATABASE_URL or the embedded database) without listening.
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createApp } from './app-factory';
import { EnvService } from './platform/env/env.service';
import { buildOpenApiDocument } from './openapi';

async function main() {
  const target = process.argv[2] ?? 'docs/openapi.json';
  const app = await createApp(EnvService.fromProcess(), { logs: false });
  try {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(buildOpenApiDocument(app), null, 2) + '\n');
    console.log(`Wrote ${target}`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
