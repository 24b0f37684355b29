import { DynamicModule, Global, Module } from '@nestjs/common';
import { EnvService } from './env.service';

@Global()
@Module({})
export class EnvModule {
  static forRoot(env: EnvService): DynamicModule {
    return { module: EnvModule, providers: [{ provide: EnvService, useValue: env }], exports: [EnvService] };
  }
}
