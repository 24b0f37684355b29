import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { toErrorResponse } from './error-body';

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  constructor(private readonly exposeDetails: boolean) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body, unexpected } = toErrorResponse(error, this.exposeDetails);
    if (unexpected) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (response.headersSent) return;
    response.status(status).json(body);
  }
}
