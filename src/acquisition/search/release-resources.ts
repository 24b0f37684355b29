import { Injectable } from '@nestjs/common';
import { toCustomFormatResource } from '../../library/profile/custom-format/custom-format.mapper';
import { CustomFormatService } from '../../library/profile/custom-format/custom-format.service';
import { QualityProfileService } from '../../library/profile/quality-profile/quality-profile.service';
import type { DownloadDecision } from '../decision/remote-book';
import { toReleaseResource } from './release.mapper';
import type { ReleaseResource } from './release.resource';

/** Decisions as `/api/v1/release` answers them: with their custom formats and their author's profile items. */
@Injectable()
export class ReleaseResources {
  constructor(
    private readonly customFormats: CustomFormatService,
    private readonly qualityProfiles: QualityProfileService,
  ) {}

  async of(decisions: DownloadDecision[]): Promise<ReleaseResource[]> {
    const [formats, profiles] = await Promise.all([this.customFormats.findAll(), this.qualityProfiles.findAll()]);
    const formatById = new Map(formats.map((format) => [format.id, toCustomFormatResource(format)]));
    const profileById = new Map(profiles.map((profile) => [profile.id, profile.items]));
    const profileOfAuthor = new Map(
      decisions.flatMap((d) =>
        d.remote.author ? [[d.remote.author.id, d.remote.author.qualityProfileId] as const] : [],
      ),
    );
    const mapping = {
      now: new Date(),
      formats: formatById,
      profileItems: (authorId: number | undefined) =>
        (authorId ? profileById.get(profileOfAuthor.get(authorId) ?? 0) : undefined) ?? [],
    };
    return decisions.map((decision, index) => toReleaseResource(decision, index, mapping));
  }
}
