/** Who is calling, and what they may read. Set by the auth guard on every authenticated request. */
export interface RequestContext {
  kind: 'user' | 'fiscal' | 'view_as';
  userId: string;
  accountId: string;
  role: 'holder' | 'sub_user' | 'staff';
  groups: string[];
  /** Companies (establishments) this caller may read. */
  companyIds: string[];
  /** Sub-user services (menu service_name values); empty for holders. */
  services: string[];
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: RequestContext;
  }
}
