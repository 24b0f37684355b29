import { IsIn, IsOptional, IsString } from 'class-validator';

export class LoginForm {
  @IsString() username: string;
  @IsString() password: string;
  /** `on` from Readarr's login form's checkbox; JSON clients may send a boolean. */
  @IsOptional() @IsIn(['on', 'off', 'true', 'false', true, false]) rememberMe?: string | boolean;
}
