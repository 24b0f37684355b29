import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfileModule } from '../profile/profile.module';
import { TagModule } from '../tag/tag.module';
import { RootFolderCheck } from './root-folder.check';
import { RootFolderController } from './root-folder.controller';
import { RootFolder } from './root-folder.entity';
import { RootFolderRepository } from './root-folder.repository';
import { RootFolderCommandService } from './root-folder-command.service';
import { RootFolderService } from './root-folder.service';
import { RootFolderValidator } from './root-folder-validator';
import { RootFolderViews } from './root-folder.views';

@Module({
  imports: [TypeOrmModule.forFeature([RootFolder]), ProfileModule, TagModule],
  controllers: [RootFolderController],
  providers: [
    RootFolderService,
    RootFolderValidator,
    RootFolderCommandService,
    RootFolderViews,
    RootFolderRepository,
    RootFolderCheck,
  ],
  exports: [RootFolderService, RootFolderCommandService, RootFolderViews, RootFolderRepository],
})
export class RootFolderModule {}
