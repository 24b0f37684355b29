import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

const MANAGER: unique symbol = Symbol('entityManager');

/**
 * One database transaction as a service sees it: a handle with nothing to call. A service opens it with
 * TransactionRunner and passes it to repository methods, which alone reach the TypeORM manager behind it
 * (`managerOf`). So one use case can make writes to several features' tables atomic while every table is still
 * written by the repository that owns it.
 */
export interface Transaction {
  readonly [MANAGER]: EntityManager;
}

/** For repositories only (lint keeps it there): the manager to run a transaction's statements on. */
export function managerOf(tx: Transaction): EntityManager {
  return tx[MANAGER];
}

/** Wraps a manager TypeORM handed out (a repository's own transaction) so it can be passed on to other repositories. */
export function asTransaction(manager: EntityManager): Transaction {
  return { [MANAGER]: manager };
}

@Injectable()
export class TransactionRunner {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(asTransaction(manager)));
  }
}
