// Entry point for the TypeORM CLI (`npm run migration:*`); the app itself uses DatabaseModule.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { databaseOptions } from './database-options';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to run the TypeORM CLI');

export default new DataSource({ ...databaseOptions(url), entities: ['src/**/*.entity.ts'] });
