import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsBoundedMetadata, NOTIFY_LIMITS } from './notify-limits';
import { CHANNEL_NAMES, ChannelName, PRIORITIES, Priority } from './notification.types';

/** Body of POST /notify, in the hub's snake_case field names (`source_agent`) rather than Readarr's camelCase. */
export class NotifyRequestDto {
  /** Agent name used to look up routes. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(NOTIFY_LIMITS.sourceAgentChars)
  source_agent: string;

  /** Title; the subject line for email. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(NOTIFY_LIMITS.titleChars)
  title: string;

  /** Body; markdown is supported. */
  @IsString()
  @MaxLength(NOTIFY_LIMITS.bodyChars)
  body: string;

  /** One of low, normal, high, urgent (default normal). */
  @IsOptional()
  @IsIn(PRIORITIES, { message: `priority must be one of: ${PRIORITIES.join(', ')}` })
  priority?: Priority;

  /** Explicit channel override; bypasses the routing table when non-empty. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CHANNEL_NAMES.length * 4)
  @IsIn(CHANNEL_NAMES, {
    each: true,
    message: `channels may only name known channels: ${CHANNEL_NAMES.join(', ')}`,
  })
  channels?: ChannelName[];

  /** Arbitrary key/value pairs forwarded to channel implementations. */
  @IsOptional()
  @IsObject()
  @IsBoundedMetadata()
  metadata?: Record<string, unknown>;
}
