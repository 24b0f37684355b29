import { Injectable } from '@nestjs/common';
import { IsOptional, IsString, Matches } from 'class-validator';
import { EnvService } from '../../platform/env/env.service';
import { WebhookChannel } from '../hub/channels/webhook.channel';
import type { ChannelMessage } from '../hub/notification.types';
import { Field } from '../../integrations/core/field.decorator';
import { ProviderMeta } from '../../integrations/core/provider';
import { deletedFilesMessage, EventText, eventText } from './event-text';
import { HttpConnection, HttpRequest } from './http-connection';
import { ON_FLAGS } from './notification-connection';

export class DiscordSettings {
  @Field({ order: 0, label: 'Webhook URL', helpText: 'Discord channel webhook url', privacy: 'apiKey' })
  @IsString()
  @Matches(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { message: 'Invalid Url' })
  webHookUrl = '';

  @Field({
    order: 1,
    label: 'Username',
    privacy: 'userName',
    helpText: 'The username to post as, defaults to Discord webhook default',
  })
  @IsOptional()
  @IsString()
  username = '';

  @Field({ order: 2, label: 'Avatar', helpText: 'Change the avatar that is used for messages from this integration' })
  @IsOptional()
  @IsString()
  avatar = '';

  @Field({
    order: 3,
    label: 'Host',
    advanced: true,
    helpText: 'Override the Host that shows for this notification, Blank is machine name',
  })
  @IsOptional()
  @IsString()
  author = '';
}

/** Readarr's embed colours. */
export const DISCORD_COLORS = { danger: 15749200, success: 2605644, warning: 16753920, standard: 16761392 };

interface Embed {
  description?: string;
  title?: string;
  text?: string;
  color: number;
  author?: { name: string; icon_url?: string };
  fields?: { name: string; value: string; inline: boolean }[];
}

/** Readarr's content and embeds per event. */
function discordContent(text: EventText): { content?: string; embeds?: Embed[] } {
  const { payload, message } = text;
  const author: string = payload.author?.name ?? '';
  const book: string = payload.book?.title ?? '';
  switch (text.eventType) {
    case 'grab':
      return {
        content: `Grabbed: ${message}`,
        embeds: [{ description: message, title: author, text: message, color: DISCORD_COLORS.warning }],
      };
    case 'download':
    case 'upgrade':
      return {
        content: `Imported: ${message}`,
        embeds: [{ description: message, title: author, text: message, color: DISCORD_COLORS.success }],
      };
    case 'rename':
      return { content: 'Renamed', embeds: [{ title: author, color: 0 }] };
    case 'authorAdded':
      return { content: 'Author Added', embeds: [{ title: author, color: 0 }] };
    case 'authorDelete':
      return {
        content: 'Author Deleted',
        embeds: [{ title: author, description: deletedFilesMessage(text), color: 0 }],
      };
    case 'bookDelete':
      return {
        content: 'Book Deleted',
        embeds: [{ title: `${author} - ${book}`, description: deletedFilesMessage(text), color: 0 }],
      };
    case 'bookFileDelete':
    case 'bookFileDeleteForUpgrade':
      return {
        content: 'Book File Deleted',
        embeds: [{ title: `${author} - ${book} - file deleted`, description: payload.bookFile?.path, color: 0 }],
      };
    case 'health':
      return {
        content: 'Health Issue',
        embeds: [
          {
            title: payload.type,
            text: message,
            color: payload.level === 'warning' ? DISCORD_COLORS.warning : DISCORD_COLORS.danger,
          },
        ],
      };
    case 'retag':
      return {
        content: `Track file tags updated: ${message}`,
        embeds: [{ title: text.title, text: message, color: 0 }],
      };
    case 'downloadFailure':
      return {
        content: `Download Failed: ${message}`,
        embeds: [{ description: message, title: payload.sourceTitle, text: message, color: DISCORD_COLORS.danger }],
      };
    case 'importFailure':
      return {
        content: `Import Failed: ${message}`,
        embeds: [
          {
            description: message,
            title: payload.books?.[0]?.title ?? message,
            text: message,
            color: DISCORD_COLORS.warning,
          },
        ],
      };
    case 'applicationUpdate':
    case 'test':
      return { content: message };
  }
}

/**
 * Readarr's Discord: one webhook execution per event (content, embeds, the connection's username and avatar).
 * A failed test is `Unable to post payload`, on `Unable to post`, as Readarr reports it.
 */
@Injectable()
export class DiscordConnection extends HttpConnection<DiscordSettings> {
  readonly meta: ProviderMeta<DiscordSettings> = {
    implementation: 'Discord',
    implementationName: 'Discord',
    configContract: 'DiscordSettings',
    settings: DiscordSettings,
    link: 'https://support.discordapp.com/hc/en-us/articles/228383668-Intro-to-Webhooks',
  };
  readonly supports = ON_FLAGS;
  protected readonly testProperty = 'Unable to post';

  constructor(env: EnvService, channel: WebhookChannel) {
    super(env, channel);
  }

  protected requests(settings: DiscordSettings, message: ChannelMessage): HttpRequest[] {
    const text = eventText(message);
    const body =
      text.eventType === 'test'
        ? { content: `Test message from Quire posted at ${new Date().toLocaleString('en-US')}` }
        : discordContent(text);
    return [
      {
        url: settings.webHookUrl,
        json: {
          ...body,
          ...(settings.username.trim() ? { username: settings.username } : {}),
          ...(settings.avatar.trim() ? { avatar_url: settings.avatar } : {}),
        },
        headers: { Accept: 'application/json' },
      },
    ];
  }

  protected testFailure(): string {
    return 'Unable to post payload';
  }
}
