import type { Router } from 'express';
import type { RouteDeps } from '../../http/deps.ts';
import { caller } from '../../http/caller.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import { okOnly } from '../../lib/contract.ts';
import {
  announceBody,
  avatarBody,
  createBody,
  createResponse,
  gidOnly,
  groupListingResponse,
  groupListQuery,
  groupsResponse,
  invitedResponse,
  inviteBody,
  inviteIdBody,
  invitesResponse,
  inviteSettingBody,
  logsQuery,
  logsResponse,
  manageResponse,
  memberBody,
  membersResponse,
  muteAllBody,
  muteBody,
  nicknameBody,
  remarkBody,
  remarkResponse,
  renameBody,
  roleBody,
} from './groups.schema.ts';
import { apiRouter } from '../../http/routes.ts';

/** /api/groups*: every endpoint of spec 4.4 except `groups/file/delete` (uploads). */
export function groupsRoutes({ services: { groups, admission }, login }: RouteDeps): Router {
  const r = apiRouter();
  const ok = { ok: true } as const;

  // Error descriptions shared by the declarations (keys from group-access.ts and groups.policy.ts).
  const noGroup = 'Unknown group (`api.group.notFound`)';
  const noTarget = 'Unknown group (`api.group.notFound`), unknown user (`api.user.notFound`) or not a member (`api.group.notMember`)';
  const ownerOnly = 'Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member)';
  const managersOnly = 'Not the owner, a group admin or a platform admin (`api.forbidden`; `api.group.noView` for a non-member)';
  const membersOnly = 'Not a member (`api.group.noView`)';
  const joinedAtOnce = '`{ok}`, or `{ok, autoJoined: true}` when the invitee joined at once';

  // ---- lists ----
  r.get(
    '/api/groups',
    describeRoute({
      tag: 'groups',
      summary: "The caller's groups, with their role, private remark and member count",
      response: groupsResponse,
    }),
    login('groups.read'),
    async (req, res) => {
      res.json({ ok: true, groups: await groups.mine(caller(req)) });
    },
  );
  r.get(
    '/api/groups/members',
    describeRoute({
      tag: 'groups',
      summary: 'Members of a group (members and platform admins)',
      response: membersResponse,
      query: gidOnly,
      errors: { 403: 'Not a member and not a platform admin (`api.group.noView`)', 404: noGroup },
    }),
    login('groups.read'),
    async (req, res) => {
      res.json({ ok: true, members: await groups.members(caller(req), parse(gidOnly, req.query).gid) });
    },
  );
  r.get(
    '/api/groups/search',
    describeRoute({
      tag: 'groups',
      summary: 'Open groups whose name contains `q` (joined ones included), paged',
      response: groupListingResponse,
      query: groupListQuery,
      errors: { 413: '`q` over 64 characters (`api.tooLarge`)' },
    }),
    login('groups.read'),
    async (req, res) => {
      res.json({ ok: true, groups: await groups.search(caller(req), parse(groupListQuery, req.query)) });
    },
  );
  r.get(
    '/api/groups/all',
    describeRoute({
      tag: 'groups',
      summary: 'Open groups the caller has not joined (every group for a platform admin), filtered by `q`, paged',
      response: groupListingResponse,
      query: groupListQuery,
      errors: { 413: '`q` over 64 characters (`api.tooLarge`)' },
    }),
    login('groups.read'),
    async (req, res) => {
      res.json({ ok: true, groups: await groups.joinable(caller(req), parse(groupListQuery, req.query)) });
    },
  );
  r.get(
    '/api/groups/manage',
    describeRoute({
      tag: 'groups',
      summary: 'Settings, members, pending join requests and open invitations of a group (managers)',
      response: manageResponse,
      query: gidOnly,
      errors: { 403: managersOnly, 404: noGroup },
    }),
    login('groups.manage'),
    async (req, res) => {
      res.json({ ok: true, ...(await groups.manage(caller(req), parse(gidOnly, req.query).gid)) });
    },
  );
  r.get(
    '/api/groups/logs',
    describeRoute({
      tag: 'groups',
      summary: "A page of the group's operation log, newest first (managers)",
      response: logsResponse,
      query: logsQuery,
      errors: { 403: managersOnly, 404: noGroup },
    }),
    login('groups.manage'),
    async (req, res) => {
      res.json({ ok: true, ...(await groups.logs(caller(req), parse(logsQuery, req.query))) });
    },
  );
  r.get(
    '/api/groups/remark',
    describeRoute({
      tag: 'groups',
      summary: "The caller's private remark for a group, empty when unset (members)",
      response: remarkResponse,
      query: gidOnly,
      errors: { 403: membersOnly, 404: noGroup },
    }),
    login('groups.read'),
    async (req, res) => {
      res.json({ ok: true, remark: await groups.remark(caller(req), parse(gidOnly, req.query).gid) });
    },
  );
  r.get(
    '/api/groups/invites',
    describeRoute({
      tag: 'groups',
      summary: "Invitations awaiting the caller: addressed to them, or awaiting their approval as a group's owner or admin",
      response: invitesResponse,
    }),
    login('groups.read'),
    async (req, res) => {
      res.json({ ok: true, invites: await admission.waiting(caller(req)) });
    },
  );

  // ---- lifecycle and settings ----
  r.post(
    '/api/groups',
    describeRoute({
      tag: 'groups',
      summary: 'Create a group; the caller becomes its owner',
      response: createResponse,
      body: createBody,
      errors: { 400: 'Name not 1 to 32 characters (`api.group.badName`)', 413: '`desc` over 500 characters (`api.tooLarge`)' },
    }),
    login('groups.write'),
    async (req, res) => {
      res.json({ ok: true, ...(await groups.create(caller(req), parse(createBody, req.body))) });
    },
  );
  r.delete(
    '/api/groups',
    describeRoute({
      tag: 'groups',
      summary: 'Dissolve a group with its members, requests and invitations (owner or platform admin)',
      response: okOnly,
      body: gidOnly,
      errors: { 403: ownerOnly, 404: noGroup },
    }),
    login('groups.manage'),
    async (req, res) => {
      await groups.dissolve(caller(req), parse(gidOnly, req.body).gid);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/rename',
    describeRoute({
      tag: 'groups',
      summary: 'Rename a group (owner or platform admin)',
      response: okOnly,
      body: renameBody,
      errors: { 400: 'Name not 1 to 32 characters (`api.group.badName`)', 403: ownerOnly, 404: noGroup },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(renameBody, req.body);
      await groups.rename(caller(req), b.gid, b.name);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/avatar',
    describeRoute({
      tag: 'groups',
      summary: "Set or clear (empty) the group's avatar URL (owner or platform admin)",
      response: okOnly,
      body: avatarBody,
      errors: {
        400: 'Not an http(s) URL (`api.group.badAvatar`)',
        403: `${ownerOnly}; a URL of a file uploaded here by someone else (\`api.file.notYours\`)`,
        404: noGroup,
        413: 'URL over 500 characters (`api.tooLarge`)',
      },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(avatarBody, req.body);
      await groups.setAvatar(caller(req), b.gid, b.avatar);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/announce',
    describeRoute({
      tag: 'groups',
      summary: "Set or clear (empty) the group's announcement (owner or platform admin)",
      response: okOnly,
      body: announceBody,
      errors: { 403: ownerOnly, 404: noGroup, 413: 'Announcement over 500 characters (`api.tooLarge`)' },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(announceBody, req.body);
      await groups.announce(caller(req), b.gid, b.announce);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/muteall',
    describeRoute({
      tag: 'groups',
      summary: 'Turn mute-all on or off: while on, plain members cannot send (owner, group admin or platform admin)',
      response: okOnly,
      body: muteAllBody,
      errors: { 403: managersOnly, 404: noGroup },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(muteAllBody, req.body);
      await groups.muteAll(caller(req), b.gid, b.val);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/invite/setting',
    describeRoute({
      tag: 'groups',
      summary: "Set whether plain members' invitations need approval, and/or the join mode (owner or platform admin)",
      response: okOnly,
      body: inviteSettingBody,
      errors: { 403: ownerOnly, 404: noGroup },
    }),
    login('groups.manage'),
    async (req, res) => {
      await groups.settings(caller(req), parse(inviteSettingBody, req.body));
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/transfer',
    describeRoute({
      tag: 'groups',
      summary: 'Hand ownership to another member; the previous owner stays as a group admin (owner or platform admin)',
      response: okOnly,
      body: memberBody,
      errors: {
        400: 'Not a member (`api.group.transferNonMember`) or already the owner (`api.group.alreadyOwner`)',
        403: ownerOnly,
        404: 'Unknown group (`api.group.notFound`) or user (`api.user.notFound`)',
      },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(memberBody, req.body);
      await groups.transfer(caller(req), b.gid, b.name);
      res.json(ok);
    },
  );

  // ---- membership ----
  r.post(
    '/api/groups/join',
    describeRoute({
      tag: 'groups',
      summary: 'Join an open group',
      response: okOnly,
      body: gidOnly,
      errors: {
        403: 'The group reviews joins: send a join request (`api.group.needsReview`)',
        404: noGroup,
        409: 'Already a member (`api.group.alreadyMember`)',
      },
    }),
    login('groups.write'),
    async (req, res) => {
      await groups.join(caller(req), parse(gidOnly, req.body).gid);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/leave',
    describeRoute({
      tag: 'groups',
      summary: 'Leave a group (not the owner)',
      response: okOnly,
      body: gidOnly,
      errors: {
        403: membersOnly,
        404: noGroup,
        409: 'The owner must transfer the group or dissolve it first (`api.group.ownerLeave`)',
      },
    }),
    login('groups.write'),
    async (req, res) => {
      await groups.leave(caller(req), parse(gidOnly, req.body).gid);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/members/remove',
    describeRoute({
      tag: 'groups',
      summary: 'Remove a member from a group (owner or platform admin)',
      response: okOnly,
      body: memberBody,
      errors: { 400: 'The owner (`api.group.removeOwner`)', 403: ownerOnly, 404: noTarget },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(memberBody, req.body);
      await groups.removeMember(caller(req), b.gid, b.name);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/member/role',
    describeRoute({
      tag: 'groups',
      summary: 'Make a member a group admin or a plain member (owner or platform admin)',
      response: okOnly,
      body: roleBody,
      errors: { 400: "The owner's role (`api.group.ownerRole`)", 403: ownerOnly, 404: noTarget },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(roleBody, req.body);
      await groups.setRole(caller(req), b.gid, b.name, b.role);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/member/mute',
    describeRoute({
      tag: 'groups',
      summary: 'Mute or unmute a member (owner, group admin or platform admin; group admins mute plain members only)',
      response: okOnly,
      body: muteBody,
      errors: {
        400: 'The owner (`api.group.muteOwner`) or oneself (`api.group.muteSelf`)',
        403: `${managersOnly}, or a group admin aiming at another admin (\`api.forbidden\`)`,
        404: noTarget,
      },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(muteBody, req.body);
      await groups.mute(caller(req), b.gid, b.name, b.muted);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/member/nickname',
    describeRoute({
      tag: 'groups',
      summary: "Set or clear (empty) the caller's own nickname in a group, public to members (members)",
      response: okOnly,
      body: nicknameBody,
      errors: { 403: membersOnly, 404: noGroup, 413: 'Nickname over 32 characters (`api.tooLarge`)' },
    }),
    login('groups.write'),
    async (req, res) => {
      const b = parse(nicknameBody, req.body);
      await groups.setNickname(caller(req), b.gid, b.nickname);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/remark',
    describeRoute({
      tag: 'groups',
      summary: "Set or clear (empty) the caller's private remark for a group (members)",
      response: okOnly,
      body: remarkBody,
      errors: { 403: membersOnly, 404: noGroup, 413: 'Remark over 32 characters (`api.tooLarge`)' },
    }),
    login('groups.write'),
    async (req, res) => {
      const b = parse(remarkBody, req.body);
      await groups.setRemark(caller(req), b.gid, b.remark);
      res.json(ok);
    },
  );

  // ---- join requests ----
  r.post(
    '/api/groups/request',
    describeRoute({
      tag: 'groups',
      summary: 'Ask to join a group that reviews joins',
      response: okOnly,
      body: gidOnly,
      errors: {
        400: 'The group is open: join it directly (`api.group.notReview`)',
        404: noGroup,
        409: 'Already a member (`api.group.alreadyMember`) or a request already pending (`api.group.alreadyRequested`)',
      },
    }),
    login('groups.write'),
    async (req, res) => {
      await admission.request(caller(req), parse(gidOnly, req.body).gid);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/request/approve',
    describeRoute({
      tag: 'groups',
      summary: "Approve a user's pending join request: they join (owner or platform admin)",
      response: okOnly,
      body: memberBody,
      errors: {
        403: ownerOnly,
        404: 'Unknown group (`api.group.notFound`) or user (`api.user.notFound`), or no request from them (`api.group.requestNotFound`)',
        409: 'Request already processed (`api.group.requestProcessed`)',
      },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(memberBody, req.body);
      await admission.decideRequest(caller(req), b.gid, b.name, true);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/request/reject',
    describeRoute({
      tag: 'groups',
      summary: "Reject a user's pending join request (owner or platform admin)",
      response: okOnly,
      body: memberBody,
      errors: {
        403: ownerOnly,
        404: 'Unknown group (`api.group.notFound`) or user (`api.user.notFound`), or no request from them (`api.group.requestNotFound`)',
        409: 'Request already processed (`api.group.requestProcessed`)',
      },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(memberBody, req.body);
      await admission.decideRequest(caller(req), b.gid, b.name, false);
      res.json(ok);
    },
  );

  // ---- invitations ----
  r.post(
    '/api/groups/invite',
    describeRoute({
      tag: 'groups',
      summary: "Invite a user (a plain member's invitation may await a manager); one who lets anyone add them joins at once",
      response: invitedResponse,
      body: inviteBody,
      responseDescription: joinedAtOnce,
      errors: {
        403: 'Not a member and not a platform admin (`api.group.noView`)',
        404: 'Unknown group (`api.group.notFound`), or unknown or inactive invitee (`api.user.notFound`)',
        409: 'Already a member (`api.group.alreadyMember`) or already invited (`api.group.alreadyInvited`)',
      },
    }),
    login('groups.write'),
    async (req, res) => {
      const b = parse(inviteBody, req.body);
      res.json({ ok: true, ...(await admission.invite(caller(req), b.gid, b.invitee)) });
    },
  );
  r.post(
    '/api/groups/invite/approve',
    describeRoute({
      tag: 'groups',
      summary: "Forward a plain member's invitation to the invitee (owner, group admin or platform admin)",
      response: invitedResponse,
      body: inviteIdBody,
      responseDescription: joinedAtOnce,
      errors: {
        403: managersOnly,
        404: 'Unknown invitation (`api.invite.notFound`)',
        409: 'Not awaiting a manager (`api.invite.processed`)',
      },
    }),
    login('groups.manage'),
    async (req, res) => {
      res.json({ ok: true, ...(await admission.approveInvite(caller(req), parse(inviteIdBody, req.body).id)) });
    },
  );
  r.post(
    '/api/groups/invite/accept',
    describeRoute({
      tag: 'groups',
      summary: 'Accept an invitation addressed to the caller: they join the group',
      response: okOnly,
      body: inviteIdBody,
      errors: {
        403: 'Not the invitee (`api.forbidden`)',
        404: 'Unknown invitation (`api.invite.notFound`)',
        409: "Still awaiting a manager's approval (`api.invite.awaitingManager`) or already processed (`api.invite.processed`)",
      },
    }),
    login('groups.write'),
    async (req, res) => {
      await admission.acceptInvite(caller(req), parse(inviteIdBody, req.body).id);
      res.json(ok);
    },
  );
  r.post(
    '/api/groups/invite/reject',
    describeRoute({
      tag: 'groups',
      summary: 'Reject a pending invitation (inviter, invitee, owner, group admin or platform admin)',
      response: okOnly,
      body: inviteIdBody,
      errors: {
        403: 'Neither the inviter, the invitee nor a manager (`api.forbidden`; `api.group.noView` for a non-member)',
        404: 'Unknown invitation (`api.invite.notFound`)',
        409: 'Already processed (`api.invite.processed`)',
      },
    }),
    login('groups.write'),
    async (req, res) => {
      await admission.rejectInvite(caller(req), parse(inviteIdBody, req.body).id);
      res.json(ok);
    },
  );

  return r;
}
