import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Field } from '../core/field.decorator';
import { HOST } from './download-client.settings';

/** Readarr's Aria2 settings: aria2's XML-RPC endpoint and its `--rpc-secret`; aria2 has no user, category or folder. */
export class Aria2Settings {
  @Field({ order: 0, label: 'Host' })
  @IsString()
  @Matches(HOST, { message: "'Host' must be a valid host name or IP address" })
  host = 'localhost';

  @Field({ order: 1, label: 'Port', type: 'number' })
  @IsInt()
  @Min(1)
  @Max(65535)
  port = 6800;

  @Field({ order: 2, label: 'XML RPC Path' })
  @IsString()
  rpcPath = '/rpc';

  @Field({ order: 3, label: 'Use SSL', type: 'checkbox' })
  @IsBoolean()
  useSsl = false;

  @Field({ order: 4, label: 'Secret token', type: 'password', privacy: 'password' })
  @IsOptional()
  @IsString()
  secretToken = 'MySecretToken';
}
