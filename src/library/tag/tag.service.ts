import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { ConflictError, failure, NotFoundError, ValidationError } from '../../platform/common/errors/domain-errors';
import type { TableColumn } from '../../platform/database/optional-table';
import { nameFailures } from '../../platform/database/unique-name';
import { EXTRA_TAG_USERS, TAG_USAGE_SOURCES, TagUsageKey } from './tag-usage';
import { Tag } from './tag.entity';
import { TagsUpdatedEvent } from './tag.events';
import { TagRepository } from './tag.repository';

const LABEL = /^[a-z0-9-]+$/i;

export type TagDetails = { id: number; label: string } & Record<TagUsageKey, number[]>;

@Injectable()
export class TagService {
  constructor(
    private readonly repository: TagRepository,
    private readonly events: DomainEvents,
  ) {}

  findAll(): Promise<Tag[]> {
    return this.repository.findAll();
  }

  async findById(id: number): Promise<Tag> {
    const tag = await this.repository.findById(id);
    if (!tag) throw new NotFoundError(`Tag ${id} not found`);
    return tag;
  }

  /** Throws a 400 naming the ids that are not tags. */
  async assertExist(ids: number[], propertyName = 'tags'): Promise<void> {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return;
    const found = new Set((await this.repository.findByIds(wanted)).map((tag) => tag.id));
    const unknown = wanted.filter((id) => !found.has(id));
    if (unknown.length) throw ValidationError.of(propertyName, `Unknown tag ids: ${unknown.join(', ')}`, unknown);
  }

  /** Readarr: adding an existing label (any case) returns the existing tag; labels are stored lower-case. */
  async create(label: string | undefined): Promise<Tag> {
    const clean = validLabel(label);
    const existing = await this.findByLabel(clean);
    if (existing) return existing;
    await this.repository.insertUnlessExists(clean);
    const created = (await this.findByLabel(clean))!;
    this.events.emit(TagsUpdatedEvent.NAME, new TagsUpdatedEvent(created.id));
    return created;
  }

  async update(id: number, label: string | undefined): Promise<Tag> {
    const tag = await this.findById(id);
    const clean = validLabel(label);
    const failures = await nameFailures(clean, (name) => this.repository.labelTaken(name, id), 'label');
    if (failures.length) throw new ValidationError(failures);
    tag.label = clean;
    const saved = await this.repository.save(tag);
    this.events.emit(TagsUpdatedEvent.NAME, new TagsUpdatedEvent(id));
    return saved;
  }

  /** Readarr refuses to delete a tag that something still uses (409). */
  async delete(id: number): Promise<void> {
    const details = await this.details(id);
    const listed = Object.keys(TAG_USAGE_SOURCES).some((key) => details[key as TagUsageKey].length > 0);
    let extra = false;
    for (const user of EXTRA_TAG_USERS) extra ||= (await this.repository.usage(user, id)).length > 0;
    if (listed || extra) throw new ConflictError(`'${details.label}' cannot be deleted since it's still in use`);
    await this.repository.delete(id);
    this.events.emit(TagsUpdatedEvent.NAME, new TagsUpdatedEvent(id));
  }

  async details(id: number): Promise<TagDetails> {
    const tag = await this.findById(id);
    return (await this.detailsOf([tag], id))[0];
  }

  async allDetails(): Promise<TagDetails[]> {
    return this.detailsOf(await this.findAll());
  }

  private async detailsOf(tags: Tag[], onlyTag?: number): Promise<TagDetails[]> {
    const usage = new Map<TagUsageKey, { id: number; tag: number }[]>();
    for (const [key, source] of Object.entries(TAG_USAGE_SOURCES) as [TagUsageKey, TableColumn][])
      usage.set(key, await this.repository.usage(source, onlyTag));
    return tags.map((tag) => {
      const details = { id: tag.id, label: tag.label } as TagDetails;
      for (const key of Object.keys(TAG_USAGE_SOURCES) as TagUsageKey[])
        details[key] = [
          ...new Set(
            usage
              .get(key)!
              .filter((row) => row.tag === tag.id)
              .map((row) => row.id),
          ),
        ];
      return details;
    });
  }

  private findByLabel(label: string): Promise<Tag | null> {
    return this.repository.findByLabel(label);
  }
}

function validLabel(label: string | undefined): string {
  const clean = label?.trim().toLowerCase() ?? '';
  if (!clean) throw ValidationError.of('label', "'Label' must not be empty.", label, 'NotEmptyValidator');
  if (!LABEL.test(clean)) throw new ValidationError([failure('label', 'Allowed characters a-z, 0-9 and -', label)]);
  return clean;
}
