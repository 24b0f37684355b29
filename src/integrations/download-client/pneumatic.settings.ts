import { IsNotEmpty, IsString } from 'class-validator';
import { Field } from '../core/field.decorator';

export class PneumaticSettings {
  @Field({ order: 0, label: 'Nzb Folder', type: 'path', helpText: 'This folder will need to be reachable from XBMC' })
  @IsString()
  @IsNotEmpty({ message: "'Nzb Folder' must not be empty." })
  nzbFolder = '';

  @Field({
    order: 1,
    label: 'Strm Folder',
    type: 'path',
    helpText: '.strm files in this folder will be import by drone',
  })
  @IsString()
  @IsNotEmpty({ message: "'Strm Folder' must not be empty." })
  strmFolder = '';
}
