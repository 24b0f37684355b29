import { Body, Controller, Get, Header, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { EnvService } from '../env/env.service';
import { UnauthorizedError } from './auth-errors';
import { AuthService } from './auth.service';
import { LoginForm } from './login.dto';
import { loginPage } from './login-page';
import { Public } from './public.decorator';
import { safeReturnUrl } from './return-url';
import { SESSION_COOKIE } from './session.service';

/** JSON for clients that ask for it (`Accept: application/json`), redirects for browsers and forms. */
function wantsJson(request: Request): boolean {
  return request.accepts(['html', 'json']) === 'json';
}

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
  @Header('Cache-Control', 'no-cache, no-store')
  page(@Query('returnUrl') returnUrl?: string, @Query('loginFailed') loginFailed?: string): string {
    return loginPage(this.env.get('URL_BASE'), { returnUrl, loginFailed: loginFailed === 'true' });
  }

  /**
   * Forms login (multipart, urlencoded or JSON body). Browsers get 303 to `returnUrl` (same-origin paths only)
   * or back to the login page with `loginFailed=true`; `Accept: application/json` gets 200 `{message}` or 401.
   */
  @Post('login')
  @ApiConsumes('multipart/form-data', 'application/x-www-form-urlencoded', 'application/json')
  @UseInterceptors(NoFilesInterceptor())
  @ApiQuery({ name: 'returnUrl', required: false, description: 'Where a browser is sent after a successful login' })
  async login(
    @Body() form: LoginForm,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Query('returnUrl') returnUrl?: string,
  ): Promise<{ message: string } | undefined> {
    const urlBase = this.env.get('URL_BASE');
    let session: { token: string; maxAgeMs: number };
    try {
      session = await this.auth.login(form.username, form.password);
    } catch (error) {
      if (!(error instanceof UnauthorizedError) || wantsJson(request)) throw error;
      const query = new URLSearchParams({ returnUrl: returnUrl ?? '', loginFailed: 'true' });
      response.redirect(303, `${urlBase}/login?${query.toString()}`);
      return undefined;
    }
    const remember = ['on', 'true'].includes(String(form.rememberMe));
    response.cookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: urlBase || '/',
      ...(remember ? { maxAge: session.maxAgeMs } : {}),
    });
    if (wantsJson(request)) return { message: 'Logged in' };
    response.redirect(303, safeReturnUrl(returnUrl, urlBase));
    return undefined;
  }

  @Get('logout')
  logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): { message: string } | undefined {
    const urlBase = this.env.get('URL_BASE');
    response.clearCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: urlBase || '/',
    });
    if (wantsJson(request)) return { message: 'Logged out' };
    response.redirect(303, `${urlBase}/`);
    return undefined;
  }
}
