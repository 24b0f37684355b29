import { ApiProperty } from '@nestjs/swagger';
import { BackupType } from './backup-files';

export class BackupResource {
  id: number;
  name: string;
  path: string;
  @ApiProperty({ enum: BackupType.names })
  type: string;
  size: number;
  time: Date;
}

export class BackupRestoreResource {
  restartRequired: boolean;
}
