import { IsOptional, IsString } from 'class-validator';

export class LoginForm {
  @IsString() username: string;
  @IsString() password: string;
  @IsOptional() @IsString() rememberMe?: string;
}
