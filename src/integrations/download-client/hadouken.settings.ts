import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { Field } from '../core/field.decorator';
import { HostSettings } from './download-client.settings';

export class HadoukenSettings extends HostSettings {
  port = 7070;

  @Field({ order: 4, label: 'Username', privacy: 'userName' })
  @IsString()
  @IsNotEmpty({ message: 'Username must not be empty.' })
  username = '';

  @Field({ order: 5, label: 'Password', type: 'password', privacy: 'password' })
  @IsString()
  @IsNotEmpty({ message: 'Password must not be empty.' })
  password = '';

  @Field({ order: 6, label: 'Category' })
  @IsOptional()
  @IsString()
  category = 'readarr-music';
}
