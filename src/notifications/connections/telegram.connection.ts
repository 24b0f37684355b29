import { Injectable } from '@nestjs/common';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Min } from 'class-validator';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { EnvService } from '../../platform/env/env.service';
import { WebhookChannel } from '../hub/channels/webhook.channel';
import type { ChannelMessage } from '../hub/notification.types';
import { Field } from '../../integrations/core/field.decorator';
import { ProviderMeta, providerFailure } from '../../integrations/core/provider';
import { eventText, messageBody } from './event-text';
import { answerOf, HttpConnection, HttpRequest, trimBase } from './http-connection';
import { MESSAGE_SERVICE_FLAGS, TEST_EVENT } from './notification-connection';

export class TelegramSettings {
  @Field({ order: 0, label: 'Bot Token', privacy: 'apiKey', helpLink: 'https://core.telegram.org/bots' })
  @IsString()
  @IsNotEmpty({ message: "'Bot Token' must not be empty." })
  botToken = '';

  @Field({
    order: 1,
    label: 'Chat ID',
    helpLink: 'http://stackoverflow.com/a/37396871/882971',
    helpText: 'You must start a conversation with the bot or add it to your group to receive messages',
  })
  @IsString()
  @IsNotEmpty({ message: "'Chat ID' must not be empty." })
  chatId = '';

  @Field({
    order: 2,
    label: 'Topic ID',
    valueType: 'number',
    helpLink: 'https://stackoverflow.com/a/75178418',
    helpText:
      'Specify a Topic ID to send notifications to that topic. Leave blank to use the general topic (Supergroups only)',
  })
  @IsOptional()
  @IsInt({ message: 'Topic ID must be greater than 1 or empty' })
  @Min(2, { message: 'Topic ID must be greater than 1 or empty' })
  topicId: number | null = null;

  @Field({
    order: 3,
    label: 'Send Silently',
    type: 'checkbox',
    helpText: 'Sends the message silently. Users will receive a notification with no sound',
  })
  @IsBoolean()
  sendSilently = false;
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const html = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]);

/** The settings field a Bot API 400 is about, by its description, as Readarr tells them apart. */
function propertyOf(description: string): string {
  const lower = description.toLowerCase();
  if (lower.includes('chat not found') || lower.includes('group chat was upgraded to a supergroup chat'))
    return 'ChatId';
  if (lower.includes('message thread not found')) return 'TopicId';
  return 'BotToken';
}

/**
 * Readarr's Telegram: the Bot API's sendMessage (a form: chat id, HTML parse mode, the bold title and the message,
 * silent or not, the topic), at the Bot API's fixed address.
 */
@Injectable()
export class TelegramConnection extends HttpConnection<TelegramSettings> {
  readonly meta: ProviderMeta<TelegramSettings> = {
    implementation: 'Telegram',
    implementationName: 'Telegram',
    configContract: 'TelegramSettings',
    settings: TelegramSettings,
    link: 'https://telegram.org/',
  };
  readonly supports = MESSAGE_SERVICE_FLAGS;
  protected readonly testProperty = 'BotToken';

  constructor(env: EnvService, channel: WebhookChannel) {
    super(env, channel);
  }

  protected requests(settings: TelegramSettings, message: ChannelMessage): HttpRequest[] {
    const text = eventText(message);
    const body = messageBody(text);
    return [
      {
        url: `${trimBase(this.env.get('TELEGRAM_API_URL'))}/bot${settings.botToken}/sendmessage`,
        form: {
          chat_id: settings.chatId,
          parse_mode: 'HTML',
          text: `<b>${html(text.title)}</b>\n${html(body)}`,
          disable_notification: settings.sendSilently ? 'True' : 'False',
          message_thread_id: settings.topicId ?? undefined,
        },
      },
    ];
  }

  /** Readarr's answers: a 400's description on the field it names, a network error on Connection. */
  override async test(settings: TelegramSettings): Promise<ValidationFailure[]> {
    try {
      await this.send(TEST_EVENT, settings);
      return [];
    } catch (error) {
      const { status, text } = answerOf(error);
      if (status === undefined) return [providerFailure('Connection', text)];
      if (status === 400) {
        const description = descriptionOf(text);
        if (description) return [providerFailure(propertyOf(description), description)];
      }
      return [providerFailure('BotToken', 'Unable to send test message')];
    }
  }
}

function descriptionOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { description?: unknown };
    return typeof parsed.description === 'string' ? parsed.description : undefined;
  } catch {
    return undefined;
  }
}
