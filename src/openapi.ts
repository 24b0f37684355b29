import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { APP_VERSION } from './platform/common/app-info';
import { InitializeResource } from './delivery/web-ui/initialize.resource';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Quire')
    .setDescription(
      'Self-hosted book-library manager. `/api/v1` is wire-compatible with the Readarr v1 API; ' +
        '`/notify`, `/health` and `/metrics` are the notification hub.',
    )
    .setVersion(APP_VERSION)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }, 'X-Api-Key')
    .addApiKey({ type: 'apiKey', in: 'query', name: 'apikey' }, 'apikey')
    .addSecurityRequirements('X-Api-Key')
    .addSecurityRequirements('apikey')
    .build();
  // /initialize.json is left out of the paths (it is the UI's bootstrap, not API), but its shape is documented for the UI.
  return SwaggerModule.createDocument(app, config, { extraModels: [InitializeResource] });
}

export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    useGlobalPrefix: true,
    jsonDocumentUrl: 'docs-json',
    swaggerOptions: { persistAuthorization: true },
    customSiteTitle: 'Quire API',
  });
}
