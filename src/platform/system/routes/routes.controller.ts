import { Controller, Get, Header } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiTags } from '@nestjs/swagger';

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Debug views of the route table (Readarr: `system/routes`, `system/routes/duplicate`). */
@ApiTags('System')
@Controller('api/v1/system/routes')
export class RoutesController {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  @Get()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  list(): string {
    return this.routes()
      .map((route) => `${route.method.padEnd(7)} ${route.path}`)
      .join('\n')
      .concat('\n');
  }

  @Get('duplicate')
  duplicate(): Record<string, number> {
    const counts = new Map<string, number>();
    // Catch-all fallbacks (`/{*path}`, answered by the 404 handler) are not route templates.
    for (const route of this.routes().filter((candidate) => !candidate.path.includes('*'))) {
      const key = `${route.method} ${route.path.toLowerCase()}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return Object.fromEntries([...counts].filter(([, count]) => count > 1));
  }

  private routes(): { method: string; path: string }[] {
    const instance = this.adapterHost.httpAdapter.getInstance<{ router?: { stack: ExpressLayer[] } }>();
    const routes: { method: string; path: string }[] = [];
    for (const layer of instance.router?.stack ?? []) {
      if (!layer.route) continue;
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const method of Object.keys(layer.route.methods).filter((name) => layer.route!.methods[name])) {
        for (const path of paths) routes.push({ method: method.toUpperCase(), path });
      }
    }
    return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }
}
