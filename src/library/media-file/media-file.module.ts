import { Module } from '@nestjs/common';
import { MediaFileReader } from './media-file-reader.service';
import { TagWriter } from './tag-writer.service';

/** Reading book files' own metadata (EPUB OPF, PDF Info, MOBI EXTH, audio tags) and writing audio tags. */
@Module({ providers: [MediaFileReader, TagWriter], exports: [MediaFileReader, TagWriter] })
export class MediaFileModule {}
