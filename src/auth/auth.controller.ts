import { Body, Controller, Get, Header, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { EnvService } from '../env/env.service';
import { AuthService } from './auth.service';
import { LoginForm } from './login.dto';
import { loginPage } from './login-page';
import { Public } from './public.decorator';
import { SESSION_COOKIE } from './session.service';

@ApiTags('Authentication')
@Public()
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly env: EnvService,
  ) {}

  @Get('login')
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return loginPage(this.env.get('URL_BASE'));
  }

  @Post('login')
  @ApiConsumes('multipart/form-data', 'application/x-www-form-urlencoded')
  @UseInterceptors(NoFilesInterceptor())
  @ApiQuery({ name: 'returnUrl', required: false, description: 'Followed by the login page after a successful login' })
  async login(
    @Body() form: LoginForm,
    @Res({ passthrough: true }) response: Response,
    @Query('returnUrl') _returnUrl?: string,
  ) {
    const session = await this.auth.login(form.username, form.password);
    response.cookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      path: this.env.get('URL_BASE') || '/',
      ...(form.rememberMe === 'on' || form.rememberMe === 'true' ? { maxAge: session.maxAgeMs } : {}),
    });
    return { message: 'Logged in' };
  }

  @Get('logout')
  logout(@Res({ passthrough: true }) response: Response) {
    response.clearCookie(SESSION_COOKIE, { path: this.env.get('URL_BASE') || '/' });
    return { message: 'Logged out' };
  }
}
