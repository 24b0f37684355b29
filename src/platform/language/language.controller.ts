import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BadRequestError, NotFoundError } from '../common/errors/domain-errors';
import { keepZeroId } from '../common/wire/json-replacer';
import { findLanguage, LANGUAGES } from './languages';
import { LanguageResource } from './language.resource';
import { LOCALIZATION_STRINGS } from './localization';

function toResource(language: { id: number; name: string }): LanguageResource {
  // LanguageResource writes `id` even when it is 0 (Unknown).
  return keepZeroId({ id: language.id, name: language.name, nameLower: language.name.toLowerCase() });
}

@ApiTags('Language')
@Controller('api/v1')
export class LanguageController {
  @Get('language')
  list(): LanguageResource[] {
    return [...LANGUAGES].sort((a, b) => a.name.localeCompare(b.name)).map(toResource);
  }

  /** Ids may be 0 (Unknown) or negative (Any, Original), so the usual positive-id pipe does not apply. */
  @Get('language/:id')
  get(@Param('id') id: string): LanguageResource {
    if (!/^-?\d+$/.test(id)) throw new BadRequestError(`BadRequest: ${id} is not a valid ID`);
    const language = findLanguage(Number(id));
    if (!language) throw new NotFoundError(`Language ${id} not found`);
    return toResource(language);
  }

  @Get('localization')
  localization(): { Strings: Record<string, string> } {
    return { Strings: LOCALIZATION_STRINGS };
  }
}
