import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { managerOf, type Transaction } from '../../../platform/database/transaction';
import { nameTaken } from '../../../platform/database/unique-name';
import { CustomFormat } from './custom-format.entity';

/** The `custom_format` table. */
@Injectable()
export class CustomFormatRepository {
  constructor(@InjectRepository(CustomFormat) private readonly formats: Repository<CustomFormat>) {}

  findAll(): Promise<CustomFormat[]> {
    return this.formats.find({ order: { id: 'ASC' } });
  }

  findById(id: number): Promise<CustomFormat | null> {
    return this.formats.findOneBy({ id });
  }

  /** Whether a format other than `ownId` has this name (case-insensitive). */
  nameTaken(name: string, ownId: number | undefined): Promise<boolean> {
    return nameTaken(this.formats, name, ownId);
  }

  /** Inserts a new format; answers it with its id. */
  create(values: Partial<CustomFormat>): Promise<CustomFormat> {
    return this.formats.save(this.formats.create(values));
  }

  save(format: CustomFormat): Promise<CustomFormat> {
    return this.formats.save(format);
  }

  /** Inside the caller's transaction: the profiles' scores of the format go in the same one. */
  async delete(tx: Transaction, id: number): Promise<void> {
    await managerOf(tx).delete(CustomFormat, id);
  }
}
