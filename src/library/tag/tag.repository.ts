import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TableColumn, tagUsage } from '../../platform/database/optional-table';
import { Tag } from './tag.entity';

/** Table `tag`, and which rows of other features' tables use a tag. */
@Injectable()
export class TagRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The tag with this label, compared case-insensitively. */
  findByLabel(label: string): Promise<Tag | null> {
    return this.dataSource
      .getRepository(Tag)
      .createQueryBuilder('tag')
      .where('lower(tag.label) = lower(:label)', { label })
      .getOne();
  }

  /** Inserts a tag unless the label exists already (a concurrent create wins quietly). */
  async insertUnlessExists(label: string): Promise<void> {
    await this.dataSource.getRepository(Tag).createQueryBuilder().insert().values({ label }).orIgnore().execute();
  }

  /** Rows of `source` that carry a tag (only `tagId` when given): `{id, tag}` pairs. */
  usage(source: TableColumn, tagId?: number): Promise<{ id: number; tag: number }[]> {
    return tagUsage(this.dataSource.manager, source, tagId);
  }
}
