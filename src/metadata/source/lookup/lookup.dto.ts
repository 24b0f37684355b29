import { IsOptional, IsString } from 'class-validator';

export class LookupQuery {
  @IsOptional()
  @IsString()
  term?: string;
}
