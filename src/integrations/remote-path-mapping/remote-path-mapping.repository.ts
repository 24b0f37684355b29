import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RemotePathMapping } from './remote-path-mapping.entity';

/** The `remote_path_mapping` table. */
@Injectable()
export class RemotePathMappingRepository {
  constructor(@InjectRepository(RemotePathMapping) private readonly mappings: Repository<RemotePathMapping>) {}

  /** By host, then in creation order (the order paths are tried in). */
  findAll(): Promise<RemotePathMapping[]> {
    return this.mappings.find({ order: { host: 'ASC', id: 'ASC' } });
  }

  findById(id: number): Promise<RemotePathMapping | null> {
    return this.mappings.findOneBy({ id });
  }

  /** Inserts a new mapping; answers it with its id. */
  create(values: Omit<RemotePathMapping, 'id'>): Promise<RemotePathMapping> {
    return this.mappings.save(this.mappings.create(values));
  }

  save(mapping: RemotePathMapping): Promise<RemotePathMapping> {
    return this.mappings.save(mapping);
  }

  async delete(id: number): Promise<void> {
    await this.mappings.delete({ id });
  }
}
