import { CommandContext, CommandHandler, CommandHandlerInstance } from '../../command/command-handler.decorator';
import { BackupType } from './backup-files';
import { BackupService } from './backup.service';

/** `{ name: 'Backup', type: 'manual' | 'scheduled' | 'update' }`; without a type, scheduled runs are scheduled. */
@CommandHandler('Backup', { sendUpdatesToClient: true })
export class BackupHandler implements CommandHandlerInstance<{ type?: unknown }> {
  constructor(private readonly backups: BackupService) {}

  async execute(body: { type?: unknown }, context: CommandContext): Promise<string> {
    const type = BackupType.parse(body.type) ?? (context.trigger === 'scheduled' ? 'scheduled' : 'manual');
    await context.progress(`Backing up the database (${type})`);
    const backup = await this.backups.create(type);
    return `Backup ${backup.name} created`;
  }
}
