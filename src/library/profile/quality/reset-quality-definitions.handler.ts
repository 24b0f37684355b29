import { Injectable } from '@nestjs/common';
import { CommandHandler, CommandHandlerInstance } from '../../../platform/command/command-handler.decorator';
import { QualityDefinitionService } from './quality-definition.service';

/** Readarr's `ResetQualityDefinitions` command: body `{resetTitles}`. */
@Injectable()
@CommandHandler('ResetQualityDefinitions')
export class ResetQualityDefinitionsHandler implements CommandHandlerInstance<{ resetTitles?: boolean }> {
  constructor(private readonly definitions: QualityDefinitionService) {}

  async execute(body: { resetTitles?: boolean }): Promise<string> {
    await this.definitions.reset(body.resetTitles === true);
    return 'Quality definitions reset';
  }
}
