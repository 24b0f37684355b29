import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigEntry } from './config-entry.entity';
import { ConfigStore } from './config-store.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ConfigEntry])],
  providers: [ConfigStore],
  exports: [ConfigStore],
})
export class SettingsModule {}
