import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  Validate,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { Field } from '../../integrations/core/field.decorator';
import { CHANNEL_NAMES } from '../hub/notification.types';

const URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

export class WebhookSettings {
  @Field({ order: 0, label: 'URL', type: 'url' })
  @IsString()
  @Matches(URL, { message: 'Invalid Url' })
  url = '';

  @Field({ order: 1, label: 'Method', type: 'select', valueType: 'number', selectOptions: { POST: 1, PUT: 2 } })
  @IsIn([1, 2])
  method = 1;

  @Field({ order: 2, label: 'Username', privacy: 'userName' })
  @IsOptional()
  @IsString()
  username = '';

  @Field({ order: 3, label: 'Password', type: 'password', privacy: 'password' })
  @IsOptional()
  @IsString()
  password = '';
}

/** Readarr's check of an address: one `@`, with something on each side (so `Name <a@b.example>` passes too). */
const EMAIL_ADDRESS = /^[^@]+@[^@]+$/;

/** Readarr asks for one recipient at least, in To, Cc or Bcc. */
@ValidatorConstraint({ name: 'oneRecipient' })
class OneRecipient implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    const settings = args.object as EmailSettings;
    return [settings.to, settings.cc, settings.bcc].some((list) => Array.isArray(list) && list.length > 0);
  }

  defaultMessage(): string {
    return 'At least one recipient is needed in To, CC or BCC.';
  }
}

export class EmailSettings {
  @Field({ order: 0, label: 'Server', helpText: 'Hostname or IP of Email server' })
  @IsString()
  @IsNotEmpty({ message: "'Server' must not be empty." })
  server = '';

  @Field({ order: 1, label: 'Port', valueType: 'number' })
  @IsInt()
  @Min(1)
  @Max(65535)
  port = 587;

  @Field({
    order: 2,
    label: 'Require Encryption',
    type: 'checkbox',
    helpText: 'Require SSL (port 465 only) or StartTLS',
  })
  @IsBoolean()
  requireEncryption = false;

  @Field({ order: 3, label: 'Username', privacy: 'userName' })
  @IsOptional()
  @IsString()
  username = '';

  @Field({ order: 4, label: 'Password', type: 'password', privacy: 'password' })
  @IsOptional()
  @IsString()
  password = '';

  @Field({ order: 5, label: 'From Address' })
  @IsString()
  @IsNotEmpty({ message: "'From Address' must not be empty." })
  from = '';

  @Field({
    order: 6,
    label: 'Recipient Address(es)',
    type: 'tag',
    helpText: 'Comma separated list of email recipients',
  })
  @IsArray()
  @IsString({ each: true })
  @Matches(EMAIL_ADDRESS, { each: true, message: "'Recipient Address(es)' must be valid email addresses." })
  @Validate(OneRecipient)
  to: string[] = [];

  @Field({ order: 7, label: 'CC Address(es)', type: 'tag', advanced: true })
  @IsArray()
  @IsString({ each: true })
  @Matches(EMAIL_ADDRESS, { each: true, message: "'CC Address(es)' must be valid email addresses." })
  cc: string[] = [];

  @Field({ order: 8, label: 'BCC Address(es)', type: 'tag', advanced: true })
  @IsArray()
  @IsString({ each: true })
  @Matches(EMAIL_ADDRESS, { each: true, message: "'BCC Address(es)' must be valid email addresses." })
  bcc: string[] = [];

  @Field({ order: 9, label: 'Attach Books', type: 'checkbox', advanced: true })
  @IsBoolean()
  attachFiles = false;
}

export class NtfySettings {
  @Field({ order: 0, label: 'Server Url', type: 'url', placeholder: 'https://ntfy.sh' })
  @IsString()
  @Matches(URL, { message: 'Invalid Url' })
  serverUrl = 'https://ntfy.sh';

  @Field({ order: 1, label: 'Access Token', type: 'password', privacy: 'apiKey', advanced: true })
  @IsOptional()
  @IsString()
  accessToken = '';

  @Field({ order: 2, label: 'Topics', type: 'tag', helpText: 'List of Topics to send notifications to' })
  @IsArray()
  @IsString({ each: true })
  topics: string[] = [];

  @Field({
    order: 3,
    label: 'Priority',
    type: 'select',
    valueType: 'number',
    selectOptions: { Min: 1, Low: 2, Default: 3, High: 4, Max: 5 },
  })
  @IsIn([1, 2, 3, 4, 5])
  priority = 3;
}

export class HomeAssistantSettings {
  @Field({
    order: 0,
    label: 'Webhook URL',
    type: 'url',
    privacy: 'apiKey',
    helpText: 'http://homeassistant.local:8123/api/webhook/<id> (the id is a secret)',
  })
  @IsString()
  @Matches(URL, { message: 'Invalid Url' })
  webhookUrl = '';
}

export class QuireHubSettings {
  @Field({ order: 0, label: 'Channels', type: 'tag', helpText: 'Hub channels to use; empty follows the routing table' })
  @IsArray()
  @IsIn([...CHANNEL_NAMES], { each: true, message: `'Channels' must be hub channels: ${CHANNEL_NAMES.join(', ')}` })
  channels: string[] = [];
}
