import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { HostConfigController } from './host-config/host-config.controller';
import { HostConfigService } from './host-config/host-config.service';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyService } from './api-key.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { RequestAuthService } from './request-auth.service';
import { ResetApiKeyHandler } from './reset-api-key.handler';
import { SessionService } from './session.service';

@Global()
@Module({
  controllers: [AuthController, HostConfigController],
  providers: [
    ApiKeyService,
    SessionService,
    RequestAuthService,
    AuthService,
    HostConfigService,
    ResetApiKeyHandler,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [ApiKeyService, HostConfigService, SessionService, RequestAuthService],
})
export class AuthModule {}
