import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { TableColumn, tagUsage } from '../../platform/database/optional-table';
import { nameTaken } from '../../platform/database/unique-name';
import { Tag } from './tag.entity';

/** Table `tag`, and which rows of other features' tables use a tag. */
@Injectable()
export class TagRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Tag) private readonly tags: Repository<Tag>,
  ) {}

  /** By label. */
  findAll(): Promise<Tag[]> {
    return this.tags.find({ order: { label: 'ASC' } });
  }

  findById(id: number): Promise<Tag | null> {
    return this.tags.findOneBy({ id });
  }

  findByIds(ids: number[]): Promise<Tag[]> {
    return this.tags.findBy({ id: In(ids) });
  }

  /** The tag with this label, compared case-insensitively. */
  findByLabel(label: string): Promise<Tag | null> {
    return this.tags.createQueryBuilder('tag').where('lower(tag.label) = lower(:label)', { label }).getOne();
  }

  /** Whether a tag other than `ownId` has this label (case-insensitive). */
  labelTaken(label: string, ownId: number | undefined): Promise<boolean> {
    return nameTaken(this.tags, label, ownId, 'label');
  }

  /** Inserts a tag unless the label exists already (a concurrent create wins quietly). */
  async insertUnlessExists(label: string): Promise<void> {
    await this.tags.createQueryBuilder().insert().values({ label }).orIgnore().execute();
  }

  save(tag: Tag): Promise<Tag> {
    return this.tags.save(tag);
  }

  async delete(id: number): Promise<void> {
    await this.tags.delete(id);
  }

  /** Rows of `source` that carry a tag (only `tagId` when given): `{id, tag}` pairs. */
  usage(source: TableColumn, tagId?: number): Promise<{ id: number; tag: number }[]> {
    return tagUsage(this.dataSource.manager, source, tagId);
  }
}
