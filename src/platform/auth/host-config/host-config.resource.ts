import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { WireEnumField } from '../../common/validation/transforms';
import {
  AuthenticationRequiredType,
  AuthenticationType,
  CertificateValidationType,
  ProxyType,
  UpdateMechanism,
} from './host-config';

/** Readarr's HostConfigResource. Every field is optional on PUT; missing ones keep their stored value. */
export class HostConfigResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() bindAddress?: string;
  @IsOptional() @IsInt() @Min(1) @Max(65535) port?: number;
  @IsOptional() @IsInt() @Min(1) @Max(65535) sslPort?: number;
  @IsOptional() @IsBoolean() enableSsl?: boolean;
  @IsOptional() @IsBoolean() launchBrowser?: boolean;
  @IsOptional() @WireEnumField(AuthenticationType) authenticationMethod?: string;
  @IsOptional() @WireEnumField(AuthenticationRequiredType) authenticationRequired?: string;
  @IsOptional() @IsBoolean() analyticsEnabled?: boolean;
  @IsOptional() @IsString() username?: string;
  @IsOptional() @IsString() password?: string;
  @IsOptional() @IsString() passwordConfirmation?: string;
  @IsOptional() @IsString() logLevel?: string;
  @IsOptional() @IsString() consoleLogLevel?: string;
  @IsOptional() @IsString() branch?: string;
  @IsOptional() @IsString() apiKey?: string;
  @IsOptional() @IsString() sslCertPath?: string;
  @IsOptional() @IsString() sslCertPassword?: string;
  @IsOptional() @IsString() urlBase?: string;
  @IsOptional() @IsString() instanceName?: string;
  @IsOptional() @IsString() applicationUrl?: string;
  @IsOptional() @IsBoolean() updateAutomatically?: boolean;
  @IsOptional() @WireEnumField(UpdateMechanism) updateMechanism?: string;
  @IsOptional() @IsString() updateScriptPath?: string;
  @IsOptional() @IsBoolean() proxyEnabled?: boolean;
  @IsOptional() @WireEnumField(ProxyType) proxyType?: string;
  @IsOptional() @IsString() proxyHostname?: string;
  @IsOptional() @IsInt() @Min(1) @Max(65535) proxyPort?: number;
  @IsOptional() @IsString() proxyUsername?: string;
  @IsOptional() @IsString() proxyPassword?: string;
  @IsOptional() @IsString() proxyBypassFilter?: string;
  @IsOptional() @IsBoolean() proxyBypassLocalAddresses?: boolean;
  @IsOptional() @WireEnumField(CertificateValidationType) certificateValidation?: string;
  @IsOptional() @IsString() backupFolder?: string;
  @IsOptional() @IsInt() @Min(1) @Max(7) backupInterval?: number;
  @IsOptional() @IsInt() @Min(1) @Max(90) backupRetention?: number;
  @IsOptional() @IsBoolean() trustCgnatIpAddresses?: boolean;
}
