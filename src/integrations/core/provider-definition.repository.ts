import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ProviderDefinition, ProviderKind } from './provider-definition.entity';

@Injectable()
export class ProviderDefinitionRepository {
  constructor(@InjectRepository(ProviderDefinition) private readonly repository: Repository<ProviderDefinition>) {}

  listByKind(kind: ProviderKind): Promise<ProviderDefinition[]> {
    return this.repository.find({ where: { kind }, order: { name: 'ASC', id: 'ASC' } });
  }

  listEnabled(kind: ProviderKind): Promise<ProviderDefinition[]> {
    return this.repository.find({ where: { kind, enable: true }, order: { priority: 'ASC', name: 'ASC' } });
  }

  findOne(kind: ProviderKind, id: number): Promise<ProviderDefinition | null> {
    return this.repository.findOneBy({ kind, id });
  }

  findMany(kind: ProviderKind, ids: number[]): Promise<ProviderDefinition[]> {
    return this.repository.find({ where: { kind, id: In(ids) }, order: { name: 'ASC' } });
  }

  async nameTaken(kind: ProviderKind, name: string, exceptId?: number): Promise<boolean> {
    const query = this.repository
      .createQueryBuilder('p')
      .where('p.kind = :kind', { kind })
      .andWhere('lower(p.name) = lower(:name)', { name: name.trim() });
    if (exceptId) query.andWhere('p.id <> :exceptId', { exceptId });
    return (await query.getCount()) > 0;
  }

  save(definition: Partial<ProviderDefinition>): Promise<ProviderDefinition> {
    return this.repository.save(this.repository.create(definition));
  }

  saveMany(definitions: ProviderDefinition[]): Promise<ProviderDefinition[]> {
    return this.repository.save(definitions);
  }

  async remove(kind: ProviderKind, ids: number[]): Promise<void> {
    if (ids.length) await this.repository.delete({ kind, id: In(ids) });
  }
}
