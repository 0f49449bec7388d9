/**
 * Generated from the server's OpenAPI document by `npm run client:types`
 * (packages/client/scripts/generate-types.ts). Do not edit: change the
 * routes' describeRoute({...}) declarations and regenerate.
 */

export interface paths {
    "/api/admin/announcements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish an announcement; every connected socket receives `announcement` */
        post: operations["postApiAdminAnnouncements"];
        /**
         * Delete an announcement
         * @description `id` in the JSON body, or (for clients that send no body with DELETE) in the query string: `?id=`.
         */
        delete: operations["deleteApiAdminAnnouncements"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/appeals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Appeals, pending first, filtered by status, paged */
        get: operations["getApiAdminAppeals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/appeals/handle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decide an appeal (`approve: true` revokes the penalty); the user is notified */
        post: operations["postApiAdminAppealsHandle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registrations awaiting review, oldest first */
        get: operations["getApiAdminApprovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/file/del": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete a file: its content goes, messages referencing it are marked `file_expired` (audited as `file.delete`) */
        post: operations["postApiAdminFileDel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live uploaded files, newest first, with their use
         * @description `q` matches the stored or the original name as a literal substring. `limit` defaults to 200 and is clamped to 1–1000, `offset` to 0 or more (an unparsable value gets the default).
         */
        get: operations["getApiAdminFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/files/del-batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete up to 200 files; each is deleted like file/del, refusals are counted */
        post: operations["postApiAdminFilesDelBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log, newest first (at most the newest 5000 entries), filtered and paged
         * @description `actor` matches the current or the recorded name and `target` any target, both case-insensitive; `action` is exact, `actionPrefix` matches the start (`user.`), `excludeActions` leaves actions out (comma-separated or repeated).
         */
        get: operations["getApiAdminLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oauth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The GitHub client configuration (the secret masked) and the callback URL to register */
        get: operations["getApiAdminOauth"];
        put?: never;
        /** Set the GitHub client id and secret (a blank secret keeps the stored one; a blank id turns GitHub login off) */
        post: operations["postApiAdminOauth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/penalties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Penalties, newest first, filtered by user and by whether they are in force, paged */
        get: operations["getApiAdminPenalties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/penalties/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Impose a warning, mute, ban or ip ban (`duration` in seconds; 0 or over 3650 days: permanent)
         * @description A ban ends the user's sessions and sockets (`logged.out`); an ip ban also refuses every request and handshake from the user's last login address. The user receives `penalty` and a notification.
         */
        post: operations["postApiAdminPenaltiesAdd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/penalties/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a penalty */
        post: operations["postApiAdminPenaltiesRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reports, pending first, filtered by status, paged */
        get: operations["getApiAdminReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close a pending report without a penalty */
        post: operations["postApiAdminReportsDismiss"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports/punish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Impose a penalty on `user` and close the report as punished, in one transaction
         * @description The penalty has every effect of `penalties/add` and the user receives a notification. An ip ban covers the report's recorded address when the reporter is punished, else the user's last login address.
         */
        post: operations["postApiAdminReportsPunish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/review/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a pending registration */
        post: operations["postApiAdminReviewApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/review/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a pending registration */
        post: operations["postApiAdminReviewReject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/user/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an active account */
        post: operations["postApiAdminUserAdd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/user/del": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete an account (runs the beforeUserDelete hooks; what it owns goes with it) */
        post: operations["postApiAdminUserDel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/user/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a user's avatar (an image uploaded to this server) or clear it (empty) */
        post: operations["postApiAdminUserImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/user/pass": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reset a user's password; ends their sessions and sockets (`logged.out`), keeps their API keys */
        post: operations["postApiAdminUserPass"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/user/rename": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rename a user; sessions stay valid, live connections receive `me.changed` */
        post: operations["postApiAdminUserRename"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/user/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change a user's role (`user` or `admin`); live connections receive `me.changed` */
        post: operations["postApiAdminUserRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every account, filtered by a name substring and the shown status (`banned`: a ban in force), paged */
        get: operations["getApiAdminUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/announcements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Site-wide announcements, newest first, paged */
        get: operations["getApiAnnouncements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appeal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Appeal against one of the caller's penalties that is in force */
        post: operations["postApiAppeal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asyncapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The AsyncAPI 3.0 document of the Socket.IO protocol
         * @description Every event both ways with its payload schema, and the acknowledgement of each client event (docs/protocol.md is the narrative).
         */
        get: operations["getApiAsyncapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every group the caller is in and every friend, with the newest message, the read marker and the unread count
         * @description Newest activity first; rooms without messages last, by name. A client catching up after a reconnect lists once, then fetches `GET /api/messages?after=` only for rooms whose `lastIdx` moved.
         */
        get: operations["getApiConversations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/quiet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Silence a room's notifications for the caller, or let them sound again
         * @description Kept on the server, so every device of the caller follows: the list's `quiet`, and the socket event `quiet` to the caller's connections. A client then notifies only of messages naming the caller. Unread counts are unchanged.
         */
        post: operations["postApiConversationsQuiet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the caller's read marker of a room forward
         * @description A smaller `idx` than the marker changes nothing; one above the newest message is lowered to it. When the marker moves, the caller's connections get the socket event `read`, and in a direct conversation so does the friend (a read receipt) unless the caller's settings say `readReceipts: false`.
         */
        post: operations["postApiConversationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Browsable API reference */
        get: operations["getApiDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/friends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Own friends with their remarks, and pending friend requests both ways */
        get: operations["getApiFriends"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/friends/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept a person's pending friend request: you become friends */
        post: operations["postApiFriendsAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/friends/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decline a person's friend request, or else withdraw the caller's own request to them */
        post: operations["postApiFriendsDecline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/friends/remark": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set or clear (empty) the private remark for a friend */
        post: operations["postApiFriendsRemark"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/friends/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a friendship (both remarks go with it) */
        post: operations["postApiFriendsRemove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/friends/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a friend request */
        post: operations["postApiFriendsRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's groups, with their role, private remark and member count */
        get: operations["getApiGroups"];
        put?: never;
        /** Create a group; the caller becomes its owner */
        post: operations["postApiGroups"];
        /** Dissolve a group with its members, requests and invitations (owner or platform admin) */
        delete: operations["deleteApiGroups"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open groups the caller has not joined (every group for a platform admin), filtered by `q`, paged */
        get: operations["getApiGroupsAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/announce": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set or clear (empty) the group's announcement (owner or platform admin) */
        post: operations["postApiGroupsAnnounce"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set or clear (empty) the group's avatar URL (owner or platform admin) */
        post: operations["postApiGroupsAvatar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/file/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a file shared in the group: its messages are kept and marked file_expired (owner, group admin or platform admin)
         * @description The file's uploader and platform administrators delete the file itself (every message referencing it is marked). Any other manager withdraws it from this group: only this group's messages are marked, and the file is removed only when no live message or avatar anywhere still uses it.
         */
        post: operations["postApiGroupsFileDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite a user (a plain member's invitation may await a manager); one who lets anyone add them joins at once */
        post: operations["postApiGroupsInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/invite/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation addressed to the caller: they join the group */
        post: operations["postApiGroupsInviteAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/invite/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Forward a plain member's invitation to the invitee (owner, group admin or platform admin) */
        post: operations["postApiGroupsInviteApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/invite/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a pending invitation (inviter, invitee, owner, group admin or platform admin) */
        post: operations["postApiGroupsInviteReject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/invite/setting": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set whether plain members' invitations need approval, and/or the join mode (owner or platform admin) */
        post: operations["postApiGroupsInviteSetting"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invitations awaiting the caller: addressed to them, or awaiting their approval as a group's owner or admin */
        get: operations["getApiGroupsInvites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join an open group */
        post: operations["postApiGroupsJoin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leave a group (not the owner) */
        post: operations["postApiGroupsLeave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of the group's operation log, newest first (managers) */
        get: operations["getApiGroupsLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/manage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Settings, members, pending join requests and open invitations of a group (managers) */
        get: operations["getApiGroupsManage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/member/mute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mute or unmute a member (owner, group admin or platform admin; group admins mute plain members only) */
        post: operations["postApiGroupsMemberMute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/member/nickname": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set or clear (empty) the caller's own nickname in a group, public to members (members) */
        post: operations["postApiGroupsMemberNickname"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/member/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a member a group admin or a plain member (owner or platform admin) */
        post: operations["postApiGroupsMemberRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members of a group (members and platform admins) */
        get: operations["getApiGroupsMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/members/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove a member from a group (owner or platform admin) */
        post: operations["postApiGroupsMembersRemove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/muteall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn mute-all on or off: while on, plain members cannot send (owner, group admin or platform admin) */
        post: operations["postApiGroupsMuteall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/remark": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's private remark for a group, empty when unset (members) */
        get: operations["getApiGroupsRemark"];
        put?: never;
        /** Set or clear (empty) the caller's private remark for a group (members) */
        post: operations["postApiGroupsRemark"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/rename": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rename a group (owner or platform admin) */
        post: operations["postApiGroupsRename"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to join a group that reviews joins */
        post: operations["postApiGroupsRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/request/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a user's pending join request: they join (owner or platform admin) */
        post: operations["postApiGroupsRequestApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/request/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a user's pending join request (owner or platform admin) */
        post: operations["postApiGroupsRequestReject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open groups whose name contains `q` (joined ones included), paged */
        get: operations["getApiGroupsSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hand ownership to another member; the previous owner stays as a group admin (owner or platform admin) */
        post: operations["postApiGroupsTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness (or readiness with ready=1) */
        get: operations["getApiHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Own API keys and the scopes one may grant */
        get: operations["getApiKeys"];
        put?: never;
        /** Create an API key (the plaintext is shown once) */
        post: operations["postApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete an own key */
        post: operations["postApiKeysDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rename, rescope, revoke or unrevoke an own key */
        post: operations["postApiKeysUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in; sets the session cookie, or answers a 2FA challenge */
        post: operations["postApiLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out: destroy the session and clear the cookie
         * @description The session is the cookie’s, or the session token sent as `Authorization: Bearer` (native clients).
         */
        post: operations["postApiLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current account (spec 2.2) */
        get: operations["getApiMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/appeals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's own appeals, newest first */
        get: operations["getApiMeAppeals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's notifications, newest first, paged, with the unread count */
        get: operations["getApiMeNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark some of the caller's notifications read: `ids` (others' ids are ignored) and/or all up to `upTo` */
        post: operations["postApiMeNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/penalties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's own penalties, newest first */
        get: operations["getApiMePenalties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of a group or direct conversation, oldest first
         * @description Without `limit`, `before` or `after`: the whole kept history (at most 500 messages are kept per room). `before`: older pages. `after`: the oldest messages above an idx (catch-up after a reconnect). `limit`: at most 500; 100 by default with `before` or `after`.
         */
        get: operations["getApiMessages"];
        put?: never;
        /** Send a message (same rules and delivery as the socket `msg` event) */
        post: operations["postApiMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Substring search over text messages of the caller's groups and direct conversations
         * @description Case-insensitive; `%` and `_` are literal. Newest first.
         */
        get: operations["getApiMessagesSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/github/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where GitHub sends the browser back: finishes the login (like /api/login) or the binding */
        get: operations["getApiOauthGithubCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/github/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a GitHub login (`mode=login`, public) or bind GitHub to the logged-in account (`mode=bind`, needs a login; a key needs `security`)
         * @description Answers **302** to GitHub's authorization page and sets the HttpOnly `chat_oauth` cookie (path `/api/oauth`) that ties the flow to this browser; open it in the browser itself, not with fetch. The flow is valid 10 minutes.
         */
        get: operations["getApiOauthGithubStart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/github/unbind": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unlink the caller's GitHub account */
        post: operations["postApiOauthGithubUnbind"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's linked third-party accounts */
        get: operations["getApiOauthMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Third-party login providers that are configured */
        get: operations["getApiOauthProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document */
        get: operations["getApiOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pass": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password; ends the account's other sessions */
        post: operations["postApiPass"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's profile (own when `name` is omitted) */
        get: operations["getApiProfile"];
        put?: never;
        /** Change nickname, signature or avatar */
        post: operations["postApiProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: database, Redis, storage and the other registered checks */
        get: operations["getApiReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register an account (pending under REGISTRATION=approval) */
        post: operations["postApiRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a message or a user to the administrators
         * @description The reporter's address and a snapshot of the message are recorded.
         */
        post: operations["postApiReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Own persisted settings */
        get: operations["getApiSettings"];
        put?: never;
        /** Change settings (omitted fields unchanged) */
        post: operations["postApiSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the first administrator is still to be created */
        get: operations["getApiSetup"];
        put?: never;
        /** Create the first administrator (needs SETUP_TOKEN when configured) */
        post: operations["postApiSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tus/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * tus: create a resumable upload (`POST /api/tus`)
         * @description The tus 1.0.0 protocol (e.g. tus-js-client with `endpoint: "/api/tus"`); the upload URL is the `Location` of the answer. A body of type `application/offset+octet-stream` may carry the first bytes (creation-with-upload). The path has no id on creation.
         */
        post: operations["postApiTusId"];
        /** tus: abandon an upload and delete its bytes (termination) */
        delete: operations["deleteApiTusId"];
        /** tus: the server's protocol versions, extensions and size limit */
        options: operations["optionsApiTusId"];
        /**
         * tus: how many bytes the server has; the outcome once finished
         * @description For 24 hours after the last byte, answers `Upload-Offset` = `Upload-Length` and the outcome headers, so a client that lost the final PATCH answer still gets `Upload-Url`.
         */
        head: operations["headApiTusId"];
        /**
         * tus: send bytes from `Upload-Offset`; the last ones finish the upload
         * @description When the last byte arrives the content is checked, deduplicated and named like any upload; the answer then carries `Upload-Url`. Use chunks of at most 5 MB behind the bundled nginx (it accepts 6 MB bodies).
         */
        patch: operations["patchApiTusId"];
        trace?: never;
    };
    "/api/twofa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn 2FA off with a current code */
        post: operations["postApiTwofaDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/twofa/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn 2FA on with a code from the new secret */
        post: operations["postApiTwofaEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/twofa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start 2FA: a new TOTP secret */
        post: operations["postApiTwofaSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/twofa/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish a 2FA login with a TOTP code */
        post: operations["postApiTwofaVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a file of at most 5 MB in one request */
        post: operations["postApiUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/abort": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Drop a chunked upload and its chunks */
        post: operations["postApiUploadAbort"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/chunk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send chunk `index` of a chunked upload
         * @description A chunk once received is kept: sending the same index again (a retry whose answer was lost) is answered like the first time, and its body is read and dropped. While another request is sending the same index, this one waits for it (up to 30 s).
         */
        post: operations["postApiUploadChunk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join the chunks of a chunked upload into the file */
        post: operations["postApiUploadComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/init": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a chunked upload (or resume one of yours with `uploadId`)
         * @description Files up to 100 MB in chunks of 5242880 bytes, sent in any order, to any node. With the `uploadId` of your open session of the same size, the session resumes and `received` lists the chunks it has; otherwise a new session opens. Sessions live 24 hours.
         */
        post: operations["postApiUploadInit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active users, filtered by a name or nickname substring, paged */
        get: operations["getApiUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics of this node */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/uploads/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file (no login: stored names are unguessable)
         * @description Served with its type by extension: images, audio and video inline, everything else as an attachment, always `nosniff` and a sandboxing Content-Security-Policy. `HEAD` answers the headers alone. One byte range (`Range: bytes=a-b`) is honoured; `If-None-Match` with the ETag answers 304.
         */
        get: operations["getUploadsName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AdminPenalty: {
            /** @enum {string} */
            action: "warning" | "mute" | "ban" | "ipban";
            /** @description In force now */
            active: boolean;
            /** @description Who imposed it (current name, or as recorded when the account is gone) */
            actor: string;
            /** @description Unix time in milliseconds */
            created: number;
            /** @description Seconds as imposed; 0: permanent */
            duration: number;
            /** @description When it ends; null: permanent */
            expires: number | null;
            id: number;
            /** @description The address an ip ban covers; null for other actions */
            ip: string | null;
            reason: string;
            revoked: boolean;
            /** @description The punished user's current name */
            user: string;
        };
        AdminUser: {
            /** @description The profile picture (`/uploads/<name>`, or empty): what `admin/user/image` sets */
            avatar: string;
            /** @description Unix time in milliseconds */
            created: number;
            /** @description Last activity (ms); null: never logged in */
            last_seen: number | null;
            name: string;
            /** @enum {string} */
            role: "user" | "admin";
            /**
             * @description `banned`: a ban in force (or the account banned)
             * @enum {string}
             */
            status: "pending" | "active" | "rejected" | "banned";
        };
        Announcement: {
            /** @description The publisher's current name */
            actor: string;
            content: string;
            /** @description Unix time in milliseconds */
            created: number;
            id: number;
            title: string;
            /** @description Unix time in milliseconds */
            updated: number;
        };
        Appeal: {
            /**
             * @description The penalty appealed against
             * @enum {string}
             */
            action: "warning" | "mute" | "ban" | "ipban";
            /** @description Unix time in milliseconds */
            created: number;
            /** @description The penalty's end; null: permanent */
            expires: number | null;
            handled: number | null;
            /** @description Who decided; empty while pending */
            handler: string;
            id: number;
            penaltyId: number;
            penaltyReason: string;
            /** @description Why it should be lifted */
            reason: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected";
            /** @description The appellant's current name */
            user: string;
        };
        AuditEntry: {
            /** @description Dotted verb: `login.fail`, `penalty.add`, `user.rename`… */
            action: string;
            /** @description The actor's current name (as recorded when the account is gone; the tried name for an unknown login) */
            actor: string;
            /** @description JSON `{k, v}` of at most 300 characters: an i18n key and its placeholder values */
            detail: string;
            id: number;
            /** @description The actor's address; empty for the system */
            ip: string;
            /** @description What the action touched (a user name, a group id, a file name…); empty when nothing */
            target: string;
            /** @description Unix time in milliseconds */
            ts: number;
        };
        Conversation: {
            /** @description The group's avatar URL, or the friend's avatar (an upload path); empty when none */
            avatar: string;
            gid: string;
            /** @description The newest kept message, or null */
            last: components["schemas"]["MessagePreview"] | null;
            /** @description The room's newest idx; 0 when it has no message yet */
            lastIdx: number;
            /** @description A group where an unread text message names the caller as `@name` (any case; docs/protocol.md, "Mentions"). Always false for a direct conversation */
            mentioned: boolean;
            /** @description The caller cannot send here now: muted in the group, or a plain member under mute-all. Always false for a direct conversation */
            muted: boolean;
            /** @description What the caller calls the room: their remark; else the group's name, or the friend's nickname, else their name */
            name: string;
            /** @description The caller silenced the room's notifications (`POST /api/conversations/quiet`): a client notifies only of messages naming them */
            quiet: boolean;
            /** @description The caller's read marker (0: nothing read) */
            readIdx: number;
            /** @description Messages above the marker, none of them the caller's; at most 500 (the kept history) */
            unread: number;
            /** @description A counter that moves whenever a kept message of the room changes (edit, recall, reaction, file expiry); 0 while none has. A client that held messages while away refetches them when it differs from the value it last saw (docs/protocol.md, "Catching up") */
            version: number;
        } | {
            /** @description The group's avatar URL, or the friend's avatar (an upload path); empty when none */
            avatar: string;
            /** @description The friend's name */
            dm: string;
            /** @description How far the friend has read this conversation (their read marker, as their `read` receipts say); null when their settings say `readReceipts: false` */
            friendReadIdx: number | null;
            /** @description The newest kept message, or null */
            last: components["schemas"]["MessagePreview"] | null;
            /** @description The room's newest idx; 0 when it has no message yet */
            lastIdx: number;
            /** @description A group where an unread text message names the caller as `@name` (any case; docs/protocol.md, "Mentions"). Always false for a direct conversation */
            mentioned: boolean;
            /** @description The caller cannot send here now: muted in the group, or a plain member under mute-all. Always false for a direct conversation */
            muted: boolean;
            /** @description What the caller calls the room: their remark; else the group's name, or the friend's nickname, else their name */
            name: string;
            /** @description Whether the friend appears online (never for an invisible friend) */
            online: boolean;
            /** @description The caller silenced the room's notifications (`POST /api/conversations/quiet`): a client notifies only of messages naming them */
            quiet: boolean;
            /** @description The caller's read marker (0: nothing read) */
            readIdx: number;
            /** @description Messages above the marker, none of them the caller's; at most 500 (the kept history) */
            unread: number;
            /** @description A counter that moves whenever a kept message of the room changes (edit, recall, reaction, file expiry); 0 while none has. A client that held messages while away refetches them when it differs from the value it last saw (docs/protocol.md, "Catching up") */
            version: number;
        };
        /** @description Every failure: `{ok:false, error}` with the status of spec section 7 */
        Failure: {
            /** @description An i18n key (`api.<area>.<reason>`), for display */
            error: string;
            /** @constant */
            ok: false;
        };
        File: {
            avatar: boolean;
            kind: string;
            /** @description Stored name */
            name: string;
            /** @description Original name */
            origin: string;
            size: number;
            /** @description Upload time */
            ts: number;
            /** @description Records referencing the file (messages) */
            used: number;
        };
        Group: {
            /** @description The announcement, at most 500 characters; empty when none */
            announce: string;
            /** @description An http(s) URL, or empty */
            avatar: string;
            /** @description Unix time in milliseconds */
            created: number;
            /** @description Free text shown with the group, at most 500 characters */
            desc: string;
            /** @description 16 lower-case hex characters */
            gid: string;
            /**
             * @description `open`: anyone may join; `review`: joins go through a request and an approval
             * @enum {string}
             */
            joinMode: "open" | "review";
            /** @description Plain members' invitations wait for a manager's approval */
            memberInviteApprove: boolean;
            /** @description While on, plain members cannot send */
            muteAll: boolean;
            name: string;
            /** @description The owner's user name */
            owner: string;
        };
        GroupListing: {
            /** @description An http(s) URL, or empty */
            avatar: string;
            desc: string;
            gid: string;
            /** @description The caller is a member */
            joined: boolean;
            /** @enum {string} */
            joinMode: "open" | "review";
            memberCount: number;
            name: string;
            /** @description The owner's user name */
            owner: string;
        };
        GroupLogEntry: {
            /** @enum {string} */
            action: "create" | "dissolve" | "join" | "leave" | "remove" | "rename" | "avatar" | "announce" | "transfer" | "role" | "mute" | "muteAll" | "settings" | "request" | "request.approve" | "request.reject" | "invite" | "invite.approve" | "invite.accept" | "invite.reject";
            /** @description Who acted (current name); empty once that account is gone */
            actor: string;
            /** @description JSON object of what changed, with `target` when there is one */
            detail: string;
            /** @description The member the action was about (current name); empty when none or gone */
            target: string;
            /** @description Unix time in milliseconds */
            ts: number;
        };
        Invitation: {
            /** @description While pending, who must act next: a manager's approval or the invitee; null once settled */
            awaiting: ("manager" | "invitee") | null;
            /** @description Unix time in milliseconds */
            created: number;
            gid: string;
            groupName: string;
            id: number;
            invitee: string;
            inviter: string;
            /** @enum {string} */
            status: "pending" | "accepted" | "rejected";
        };
        JoinRequest: {
            /** @description Unix time in milliseconds */
            created: number;
            /** @description The requester */
            name: string;
        };
        Key: {
            /** @description Unix time in milliseconds */
            created: number;
            /** @description Expiry (ms); null: never expires */
            expires: number | null;
            id: number;
            /** @description Last request made with the key (ms); null: never used */
            lastUsed: number | null;
            name: string;
            /** @description The 8 hex characters after `key_`, to recognise the key */
            prefix: string;
            /** @description Requests per minute; null: the default (60) */
            rateLimit: number | null;
            revoked: boolean;
            scopes: ("profile.read" | "profile.write" | "security" | "users.read" | "friends.read" | "friends.write" | "messages.read" | "messages.send" | "groups.read" | "groups.write" | "groups.manage" | "files.upload" | "admin")[];
        };
        Me: {
            /** @description The password must be changed (an administrator reset it) */
            mustChange: boolean;
            /** @constant */
            ok: true;
            /** @description At least one live connection */
            online: boolean;
            /** @description Penalties in force (mute, ban...); above 0 means restricted */
            penalties: number;
            /** @description Platform identifiers of the live connections */
            platforms: string[];
            profile: components["schemas"]["Profile"];
            /** @enum {string} */
            role: "user" | "admin";
            /** @description 2FA is on */
            twofa: boolean;
            username: string;
        };
        Member: {
            /** @description Avatar (an upload path or URL); empty when none */
            image: string;
            /** @description Unix time in milliseconds */
            joined: number;
            /** @description Muted individually by a manager */
            muted: boolean;
            name: string;
            /** @description Nickname in this group, public to members; empty when unset */
            nickname: string;
            /** @description Appears online (never for an invisible user) */
            online: boolean;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
        };
        MergeContent: {
            items: {
                content?: string;
                from: string;
                name?: string;
                size?: number;
                ts?: number;
                /** @enum {string} */
                type: "text" | "image" | "file" | "video" | "audio" | "merge";
            }[];
            title?: string;
        };
        Message: {
            /** @description Text, an upload path (`/uploads/<hex>.<ext>`) for file types, or the JSON of a merged forward; empty once recalled */
            content: string;
            /** @description The other person of a direct conversation, named from the reader's side (exactly one of `gid` and `dm`) */
            dm?: string;
            /** @description When the author last edited the text (Unix ms); null when never */
            edited: number | null;
            /** @description The uploaded file behind the message has been removed */
            file_expired: boolean;
            /** @description The sender's current name */
            from: string;
            /** @description The group (exactly one of `gid` and `dm`) */
            gid?: string;
            /** @description Per-room index, strictly increasing, no gaps */
            idx: number;
            /**
             * @description Markdown switch
             * @enum {number}
             */
            md: 0 | 1;
            /** @description File types only: the file's name as shown to people */
            name?: string | null;
            /** @description Emoji → names of the people who reacted */
            reactions: {
                [key: string]: string[];
            };
            recalled: boolean;
            /** @description idx of the message replied to, or null */
            replyTo: number | null;
            /** @description File types only: the file's size in bytes */
            size?: number | null;
            /** @description Unix time in milliseconds */
            ts: number;
            /** @enum {string} */
            type: "text" | "image" | "file" | "video" | "audio" | "merge";
        };
        MessageHit: {
            content: string;
            /** @description The other person of a direct conversation, named from the reader's side (exactly one of `gid` and `dm`) */
            dm?: string;
            /** @description The sender's current name */
            from: string;
            /** @description The group (exactly one of `gid` and `dm`) */
            gid?: string;
            idx: number;
            /** @description Unix time in milliseconds */
            ts: number;
            /** @enum {string} */
            type: "text" | "image" | "file" | "video" | "audio" | "merge";
        };
        MessagePreview: {
            /** @description A preview: text cut to 200 characters; for file types the upload path (as in history); for a merge its title (cut to 200), or empty; empty once recalled */
            content: string;
            /** @description The sender's current name */
            from: string;
            idx: number;
            recalled: boolean;
            /** @description Unix time in milliseconds */
            ts: number;
            /** @enum {string} */
            type: "text" | "image" | "file" | "video" | "audio" | "merge";
        };
        MyGroup: {
            /** @description The announcement, at most 500 characters; empty when none */
            announce: string;
            /** @description An http(s) URL, or empty */
            avatar: string;
            /** @description Unix time in milliseconds */
            created: number;
            /** @description Free text shown with the group, at most 500 characters */
            desc: string;
            /** @description 16 lower-case hex characters */
            gid: string;
            /**
             * @description `open`: anyone may join; `review`: joins go through a request and an approval
             * @enum {string}
             */
            joinMode: "open" | "review";
            memberCount: number;
            /** @description Plain members' invitations wait for a manager's approval */
            memberInviteApprove: boolean;
            /** @description While on, plain members cannot send */
            muteAll: boolean;
            name: string;
            /** @description The owner's user name */
            owner: string;
            /** @description The caller's private name for the group; empty when unset */
            remark: string;
            /**
             * @description The caller's role in the group
             * @enum {string}
             */
            role: "owner" | "admin" | "member";
        };
        Notification: {
            body: string;
            /** @description Unix time in milliseconds */
            created: number;
            id: number;
            /** @description `penalty` or `appeal` so far */
            kind: string;
            read: 0 | 1;
            /** @description An i18n key for server-written notifications */
            title: string;
        };
        Penalty: {
            /** @enum {string} */
            action: "warning" | "mute" | "ban" | "ipban";
            /** @description In force now */
            active: boolean;
            /** @description Who imposed it (current name, or as recorded when the account is gone) */
            actor: string;
            /** @description Unix time in milliseconds */
            created: number;
            /** @description Seconds as imposed; 0: permanent */
            duration: number;
            /** @description When it ends; null: permanent */
            expires: number | null;
            id: number;
            reason: string;
            revoked: boolean;
            /** @description The punished user's current name */
            user: string;
        };
        Profile: {
            /** @description Avatar path (`/uploads/...`), empty when none */
            avatar: string;
            name: string;
            nickname: string;
            signature: string;
        };
        Report: {
            /** @description Unix time in milliseconds */
            created: number;
            handled: number | null;
            /** @description Who closed it; empty while pending */
            handler: string;
            id: number;
            /** @description Message reports: the message */
            idx: number | null;
            /** @description The reporter's address as the server recorded it */
            ip: string;
            /** @description The penalty a punished report imposed */
            penaltyId: number | null;
            reason: string;
            reporter: string;
            /** @description Message reports: where the message is */
            room: ({
                gid: string;
                /** @description '' once the group is dissolved */
                name: string;
                /** @constant */
                type: "group";
            } | {
                /** @constant */
                type: "direct";
                /** @description The two participants */
                users: [
                    string,
                    string
                ];
            }) | null;
            /** @description Message reports: the message as it was when reported */
            snapshot: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            status: "pending" | "dismissed" | "punished";
            /** @enum {string} */
            type: "message" | "user";
            /** @description The reported user (the author, for a message) */
            user: string;
        };
        User: {
            /** @description Avatar path (`/uploads/...`), empty when none */
            image: string;
            name: string;
            /** @description Display name, empty when none */
            nickname: string;
            /** @description Connected and not invisible */
            online: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postApiAdminAnnouncements: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    content?: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description No title (`api.announcement.badTitle`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.announcement.badTitle" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Title over 100 or content over 5000 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    deleteApiAdminAnnouncements: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description No such announcement (`api.announcement.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.announcement.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiAdminAppeals: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                status?: "pending" | "approved" | "rejected";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appeals: components["schemas"]["Appeal"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminAppealsHandle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    approve: boolean;
                    id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description No such appeal (`api.appeal.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.appeal.notFound";
                    };
                };
            };
            /** @description Already decided (`api.appeal.handled`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.appeal.handled";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiAdminApprovals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approvals: {
                            created: number;
                            email: string;
                            name: string;
                        }[];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminFileDel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expired: number;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not a stored name (`api.admin.fileInvalid`), or an avatar (`api.admin.fileIsAvatar`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.admin.fileInvalid" | "api.admin.fileIsAvatar" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown or already removed file (`api.admin.fileNotFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.admin.fileNotFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiAdminFiles: {
        parameters: {
            query?: {
                /** @description Integer, default 200, clamped to 1–1000 */
                limit?: unknown;
                /** @description Integer, default 0 */
                offset?: unknown;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        files: components["schemas"]["File"][];
                        limit: number;
                        offset: number;
                        /** @constant */
                        ok: true;
                        total: number;
                        totalSize: number;
                        usedCount: number;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminFilesDelBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    names: unknown[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: number;
                        expired: number;
                        failed: number;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description More than 200 names (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiAdminLogs: {
        parameters: {
            query?: {
                action?: string;
                actionPrefix?: string;
                actor?: string;
                excludeActions?: string | string[];
                page?: number;
                pageSize?: number;
                target?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        capacity: number;
                        logs: components["schemas"]["AuditEntry"][];
                        /** @constant */
                        ok: true;
                        page: number;
                        pageSize: number;
                        total: number;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiAdminOauth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        callbackUrl: string;
                        canStoreSecret: boolean;
                        clientId: string;
                        clientSecret: string;
                        enabled: boolean;
                        hasSecret: boolean;
                        /** @constant */
                        ok: true;
                        /** @constant */
                        provider: "github";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminOauth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    clientId: string;
                    /** @default  */
                    clientSecret?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description A secret given but no key to seal it under: a cluster node without OAUTH_SECRET_KEY (`api.oauth.noSecretKey`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.oauth.noSecretKey" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Client id over 200 or secret over 500 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiAdminPenalties: {
        parameters: {
            query?: {
                active?: "0" | "1" | "true" | "false";
                limit?: number;
                offset?: number | null;
                user?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        penalties: components["schemas"]["AdminPenalty"][];
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminPenaltiesAdd: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    action: "warning" | "mute" | "ban" | "ipban";
                    duration: number;
                    /** @default  */
                    reason?: string;
                    user: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        penalty: components["schemas"]["AdminPenalty"];
                    };
                };
            };
            /** @description Unknown action (`api.penalty.badAction`), bad duration (`api.penalty.badDuration`), oneself (`api.penalty.self`), an ip ban without a recorded address (`api.penalty.noAddress`) or on the caller's own address (`api.penalty.ownAddress`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.badAction" | "api.penalty.badDuration" | "api.penalty.self" | "api.penalty.noAddress" | "api.penalty.ownAddress" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description Reason over 500 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminPenaltiesRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description No such penalty (`api.penalty.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.notFound";
                    };
                };
            };
            /** @description Already revoked (`api.penalty.alreadyRevoked`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.alreadyRevoked";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiAdminReports: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                status?: "pending" | "dismissed" | "punished";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        reports: components["schemas"]["Report"][];
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminReportsDismiss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description No such report (`api.report.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.report.notFound";
                    };
                };
            };
            /** @description Already closed (`api.report.handled`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.report.handled";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminReportsPunish: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    action: "warning" | "mute" | "ban" | "ipban";
                    duration: number;
                    id: number;
                    /** @default  */
                    reason?: string;
                    user: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        penaltyId: number;
                    };
                };
            };
            /** @description Unknown action (`api.penalty.badAction`), bad duration (`api.penalty.badDuration`), oneself (`api.penalty.self`), an ip ban without a recorded address (`api.penalty.noAddress`) or on the caller's own address (`api.penalty.ownAddress`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.badAction" | "api.penalty.badDuration" | "api.penalty.self" | "api.penalty.noAddress" | "api.penalty.ownAddress" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description No such report (`api.report.notFound`) or user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.report.notFound" | "api.user.notFound";
                    };
                };
            };
            /** @description Already closed (`api.report.handled`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.report.handled";
                    };
                };
            };
            /** @description Reason over 500 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminReviewApprove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description The user is not pending (`api.user.notPending`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notPending";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminReviewReject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description The user is not pending (`api.user.notPending`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notPending";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminUserAdd: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid name (`api.register.badName`) or weak password (`api.register.weakPassword`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.register.badName" | "api.register.weakPassword" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Name taken (`api.user.nameTaken`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.nameTaken";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminUserDel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description It would leave no usable administrator (`api.admin.lastAdmin`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.admin.lastAdmin";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description A module's `beforeUserDelete` hook failed: nothing is deleted (`api.internal`). Also: An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminUserImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not the path of a live image uploaded here (`api.profile.badAvatar`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.profile.badAvatar" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description Path over 200 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminUserPass: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Weak password (`api.register.weakPassword`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.register.weakPassword" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminUserRename: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    newName: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid new name (`api.register.badName`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.register.badName" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description Name taken (`api.user.nameTaken`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.nameTaken";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAdminUserRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    role: "user" | "admin";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Unknown role (`api.admin.badRole`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.admin.badRole" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description It would leave no usable administrator (`api.admin.lastAdmin`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.admin.lastAdmin";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiAdminUsers: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                q?: string;
                status?: "pending" | "active" | "rejected" | "banned";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        total: number;
                        users: components["schemas"]["AdminUser"][];
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not an administrator, or an API key without the admin scope (`api.forbidden`); Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiAnnouncements: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        announcements: components["schemas"]["Announcement"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiAppeal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    penaltyId: number;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description No reason (`api.appeal.noReason`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.appeal.noReason" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Not a penalty of the caller (`api.penalty.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.notFound";
                    };
                };
            };
            /** @description No longer in force (`api.appeal.notInForce`) or an appeal is already pending (`api.appeal.pending`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.appeal.notInForce" | "api.appeal.pending";
                    };
                };
            };
            /** @description Reason over 1000 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiAsyncapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        asyncapi: "3.0.0";
                        channels: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                        components: {
                            [key: string]: unknown;
                        };
                        info: {
                            title: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                        operations: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                        servers: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.ipBanned";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiConversations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        conversations: components["schemas"]["Conversation"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiConversationsQuiet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dm?: string;
                    gid?: string;
                    /** @description true: the caller's clients show no notification for the room but of a message naming them; false: as every room */
                    quiet: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        quiet: boolean;
                    };
                };
            };
            /** @description Neither or both of `gid` and `dm` (`api.msg.noRoom`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.msg.noRoom" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description A group the caller is not in (`api.group.noView`), or oneself (`api.msg.self`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.noView" | "api.msg.self" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) or user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound" | "api.user.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiConversationsRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dm?: string;
                    gid?: string;
                    idx: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        idx: number;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Neither or both of `gid` and `dm` (`api.msg.noRoom`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.msg.noRoom" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description A group the caller is not in (`api.group.noView`), or oneself (`api.msg.self`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.noView" | "api.msg.self" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) or user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound" | "api.user.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.ipBanned";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiFriends: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        requests: {
                            created: number;
                            image: string;
                            name: string;
                            nickname: string;
                            online: boolean;
                        }[];
                        sent: {
                            created: number;
                            image: string;
                            name: string;
                            nickname: string;
                            online: boolean;
                        }[];
                        users: {
                            image: string;
                            name: string;
                            nickname: string;
                            online: boolean;
                            remark: string;
                        }[];
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiFriendsAccept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) or no pending request from them (`api.friend.noRequest`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound" | "api.friend.noRequest";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiFriendsDecline: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) or no pending request either way (`api.friend.noRequest`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound" | "api.friend.noRequest";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiFriendsRemark: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    remark: string;
                    to: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Unknown user (`api.friend.notFound`) or not a friend (`api.friend.notFriend`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.friend.notFound" | "api.friend.notFriend" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Remark over 32 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiFriendsRemove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not friends (`api.friend.notFriend`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.friend.notFriend" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiFriendsRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Oneself (`api.friend.self`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.friend.self" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown or inactive user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description Already friends (`api.friend.already`), already requested (`api.friend.alreadyRequested`), or the other person has asked first: accept instead (`api.friend.reversePending`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.friend.already" | "api.friend.alreadyRequested" | "api.friend.reversePending";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        groups: components["schemas"]["MyGroup"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    desc?: string;
                    /**
                     * @default open
                     * @enum {string}
                     */
                    joinMode?: "open" | "review";
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gid: string;
                        name: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Name not 1 to 32 characters (`api.group.badName`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.badName" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description `desc` over 500 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    deleteApiGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiGroupsAll: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        groups: components["schemas"]["GroupListing"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description `q` over 64 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsAnnounce: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    announce: string;
                    gid: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Announcement over 500 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    avatar: string;
                    gid: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not an http(s) URL (`api.group.badAvatar`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.badAvatar" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member); a URL of a file uploaded here by someone else (`api.file.notYours`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.file.notYours" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description URL over 500 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsFileDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expired: number;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not an upload path (`api.admin.fileInvalid`) or an avatar (`api.admin.fileIsAvatar`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.admin.fileInvalid" | "api.admin.fileIsAvatar" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not a manager of the group (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`), or no message of the group shares this file (`api.admin.fileNotFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound" | "api.admin.fileNotFound";
                    };
                };
            };
            /** @description URL over 200 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    invitee: string;
                };
            };
        };
        responses: {
            /** @description `{ok}`, or `{ok, autoJoined: true}` when the invitee joined at once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        autoJoined?: true;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not a member and not a platform admin (`api.group.noView`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`), or unknown or inactive invitee (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound" | "api.user.notFound";
                    };
                };
            };
            /** @description Already a member (`api.group.alreadyMember`) or already invited (`api.group.alreadyInvited`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.alreadyMember" | "api.group.alreadyInvited";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsInviteAccept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the invitee (`api.forbidden`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown invitation (`api.invite.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.invite.notFound";
                    };
                };
            };
            /** @description Still awaiting a manager's approval (`api.invite.awaitingManager`) or already processed (`api.invite.processed`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.invite.awaitingManager" | "api.invite.processed";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsInviteApprove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                };
            };
        };
        responses: {
            /** @description `{ok}`, or `{ok, autoJoined: true}` when the invitee joined at once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        autoJoined?: true;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner, a group admin or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown invitation (`api.invite.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.invite.notFound";
                    };
                };
            };
            /** @description Not awaiting a manager (`api.invite.processed`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.invite.processed";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsInviteReject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Neither the inviter, the invitee nor a manager (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown invitation (`api.invite.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.invite.notFound";
                    };
                };
            };
            /** @description Already processed (`api.invite.processed`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.invite.processed";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsInviteSetting: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    /** @enum {string} */
                    joinMode?: "open" | "review";
                    memberInviteApprove?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiGroupsInvites: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invites: components["schemas"]["Invitation"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsJoin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description The group reviews joins: send a join request (`api.group.needsReview`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.needsReview" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Already a member (`api.group.alreadyMember`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.alreadyMember";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsLeave: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not a member (`api.group.noView`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description The owner must transfer the group or dissolve it first (`api.group.ownerLeave`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.ownerLeave";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiGroupsLogs: {
        parameters: {
            query: {
                gid: string;
                limit?: number;
                offset?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        logs: components["schemas"]["GroupLogEntry"][];
                        /** @constant */
                        ok: true;
                        total: number;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner, a group admin or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiGroupsManage: {
        parameters: {
            query: {
                gid: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        group: components["schemas"]["Group"];
                        invites: components["schemas"]["Invitation"][];
                        members: components["schemas"]["Member"][];
                        myRole: ("owner" | "admin" | "member") | null;
                        /** @constant */
                        ok: true;
                        requests: components["schemas"]["JoinRequest"][];
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner, a group admin or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsMemberMute: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    muted: boolean;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description The owner (`api.group.muteOwner`) or oneself (`api.group.muteSelf`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.muteOwner" | "api.group.muteSelf" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner, a group admin or a platform admin (`api.forbidden`; `api.group.noView` for a non-member), or a group admin aiming at another admin (`api.forbidden`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`), unknown user (`api.user.notFound`) or not a member (`api.group.notMember`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound" | "api.user.notFound" | "api.group.notMember";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsMemberNickname: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    nickname: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not a member (`api.group.noView`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Nickname over 32 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    name: string;
                    /** @enum {string} */
                    role: "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description The owner's role (`api.group.ownerRole`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.ownerRole" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`), unknown user (`api.user.notFound`) or not a member (`api.group.notMember`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound" | "api.user.notFound" | "api.group.notMember";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiGroupsMembers: {
        parameters: {
            query: {
                gid: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: components["schemas"]["Member"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not a member and not a platform admin (`api.group.noView`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsMembersRemove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description The owner (`api.group.removeOwner`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.removeOwner" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`), unknown user (`api.user.notFound`) or not a member (`api.group.notMember`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound" | "api.user.notFound" | "api.group.notMember";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsMuteall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    val: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner, a group admin or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiGroupsRemark: {
        parameters: {
            query: {
                gid: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        remark: string;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not a member (`api.group.noView`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsRemark: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    remark: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not a member (`api.group.noView`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Remark over 32 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsRename: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Name not 1 to 32 characters (`api.group.badName`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.badName" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description The group is open: join it directly (`api.group.notReview`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notReview" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound";
                    };
                };
            };
            /** @description Already a member (`api.group.alreadyMember`) or a request already pending (`api.group.alreadyRequested`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.alreadyMember" | "api.group.alreadyRequested";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsRequestApprove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) or user (`api.user.notFound`), or no request from them (`api.group.requestNotFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound" | "api.user.notFound" | "api.group.requestNotFound";
                    };
                };
            };
            /** @description Request already processed (`api.group.requestProcessed`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.requestProcessed";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsRequestReject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) or user (`api.user.notFound`), or no request from them (`api.group.requestNotFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound" | "api.user.notFound" | "api.group.requestNotFound";
                    };
                };
            };
            /** @description Request already processed (`api.group.requestProcessed`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.requestProcessed";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiGroupsSearch: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        groups: components["schemas"]["GroupListing"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description `q` over 64 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiGroupsTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gid: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not a member (`api.group.transferNonMember`) or already the owner (`api.group.alreadyOwner`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.transferNonMember" | "api.group.alreadyOwner" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not the owner or a platform admin (`api.forbidden`; `api.group.noView` for a non-member). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown group (`api.group.notFound`) or user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.notFound" | "api.user.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiHealth: {
        parameters: {
            query?: {
                /** @description `1`: answer readiness instead of liveness (same as /api/ready) */
                ready?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        mode: "embedded" | "cluster";
                        /** @constant */
                        ok: true;
                        uptime: number;
                        version: string;
                    } | {
                        checks: {
                            name: string;
                            ok: boolean;
                        }[];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description The database does not answer (`api.unavailable`, with `uptime`, `mode`, `version`), or with ready=1 a readiness check failed (`api.unavailable`, with `checks`). Also: A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        defaultRate: number;
                        isAdmin: boolean;
                        keys: components["schemas"]["Key"][];
                        /** @constant */
                        ok: true;
                        scopes: ("profile.read" | "profile.write" | "security" | "users.read" | "friends.read" | "friends.write" | "messages.read" | "messages.send" | "groups.read" | "groups.write" | "groups.manage" | "files.upload" | "admin")[];
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key was used (`api.keyNotAllowed`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.keyNotAllowed" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expiresDays?: number | null;
                    name: string;
                    rateLimit?: unknown;
                    scopes: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: components["schemas"]["Key"];
                        /** @constant */
                        ok: true;
                        plaintext: string;
                    };
                };
            };
            /** @description Empty or over-long name, no known scope, bad `expiresDays`, or any other invalid field (`api.key.invalid`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.key.invalid" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description A non-administrator asked for `admin` (`api.forbidden`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key was used (`api.keyNotAllowed`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.keyNotAllowed" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiKeysDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description No integer `id` (`api.key.invalid`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.key.invalid" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key was used (`api.keyNotAllowed`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.keyNotAllowed" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description No such key of the caller (`api.key.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.key.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiKeysUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expiresDays?: number | null;
                    id: number;
                    name?: string;
                    rateLimit?: unknown;
                    revoked?: boolean;
                    scopes?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid field, no known scope, or not a key of the caller (`api.key.invalid`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.key.invalid" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description A non-administrator asked for `admin` (`api.forbidden`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key was used (`api.keyNotAllowed`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.forbidden" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.keyNotAllowed" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    /** @description Also answer the session token (`token`), for `Authorization: Bearer` and the socket `auth.token` */
                    token?: boolean;
                    username: string;
                };
            };
        };
        responses: {
            /** @description `{ok, username, mustChange}` and the `chat_token` cookie (with `token: true` also `token`, the session token), or `{ok, need2fa:true, challenge}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mustChange: boolean;
                        /** @constant */
                        ok: true;
                        token?: string;
                        username: string;
                    } | {
                        challenge: string;
                        /** @constant */
                        need2fa: true;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Wrong name or password (`api.login.badCredentials`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.badCredentials";
                    };
                };
            };
            /** @description Account pending (`api.login.pending`), rejected (`api.login.rejected`) or banned (`api.login.banned`). Also: A cookie-carrying request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.pending" | "api.login.rejected" | "api.login.banned" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description Address locked after 5 failures (`api.login.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description A cookie-carrying request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description The account is gone (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiMeAppeals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appeals: components["schemas"]["Appeal"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiMeNotifications: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notifications: components["schemas"]["Notification"][];
                        /** @constant */
                        ok: true;
                        unread: number;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiMeNotificationsRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids?: number[];
                    /** @description Marks every one of the caller's notifications with an id up to this */
                    upTo?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        unread: number;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description More than 1000 ids (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiMePenalties: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        penalties: components["schemas"]["Penalty"][];
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiMessages: {
        parameters: {
            query?: {
                after?: number | null;
                before?: number | null;
                dm?: string;
                gid?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        max: 500;
                        messages: components["schemas"]["Message"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Neither or both of `gid` and `dm` (`api.msg.noRoom`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.msg.noRoom" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Own name (`api.msg.self`), or a group the caller is not in (`api.group.noView`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.msg.self" | "api.group.noView" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) or group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound" | "api.group.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiMessages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cid?: string;
                    content: string;
                    dm?: string;
                    gid?: string;
                    /** @default 0 */
                    md?: 0 | 1 | boolean;
                    name?: string;
                    /** @default null */
                    replyTo?: number | null;
                    size?: number;
                    /** @enum {string} */
                    type: "text" | "image" | "file" | "video" | "audio" | "merge";
                };
            };
        };
        responses: {
            /** @description The message once stored (or, for a repeated `cid`, the one stored the first time) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["Message"];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Neither or both of `gid` and `dm` (`api.msg.noRoom`), blank text (`api.msg.empty`), malformed merge (`api.msg.badMerge`), file content not a live upload of this server (`api.msg.badFile`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.msg.noRoom" | "api.msg.empty" | "api.msg.badMerge" | "api.msg.badFile" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Not a member (`api.group.noView`), muted in the group or under mute-all (`api.msg.groupMuted`), muted by a penalty (`api.msg.muted`), not a friend (`api.msg.notFriend`), oneself (`api.msg.self`), a file neither uploaded by the sender nor shared with them (`api.file.notYours`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.noView" | "api.msg.groupMuted" | "api.msg.muted" | "api.msg.notFriend" | "api.msg.self" | "api.file.notYours" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown or inactive user (`api.user.notFound`) or unknown group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound" | "api.group.notFound";
                    };
                };
            };
            /** @description Text over 4096 characters, merge over 100 items or 8000 characters (`api.msg.tooLong`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.msg.tooLong" | "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiMessagesSearch: {
        parameters: {
            query: {
                limit?: number;
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["MessageHit"][];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description `q` over 100 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiOauthGithubCallback: {
        parameters: {
            query?: {
                code?: string;
                error?: string;
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Login: `{ok, username, mustChange}` and the `chat_token` cookie, or `{ok, need2fa: true, challenge}`. Bind: `{ok, bound: 'github', login}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mustChange: boolean;
                        /** @constant */
                        ok: true;
                        token?: string;
                        username: string;
                    } | {
                        challenge: string;
                        /** @constant */
                        need2fa: true;
                        /** @constant */
                        ok: true;
                    } | {
                        /** @constant */
                        bound: "github";
                        login: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Unknown, expired, reused or foreign state (`api.oauth.badState`), declined at GitHub (`api.oauth.denied`), code refused (`api.oauth.badCode`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.oauth.badState" | "api.oauth.denied" | "api.oauth.badCode" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description The linked account may not log in (`api.login.banned`, `api.login.pending`, `api.login.rejected`). Also: The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description GitHub login is not configured (`api.oauth.disabled`), or no account is linked to this GitHub account (`api.oauth.notLinked`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.oauth.disabled" | "api.oauth.notLinked";
                    };
                };
            };
            /** @description The GitHub account is linked to another user (`api.oauth.linkedElsewhere`) or the caller has another (`api.oauth.alreadyBound`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.oauth.linkedElsewhere" | "api.oauth.alreadyBound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description GitHub did not answer properly (`api.oauth.providerFailed`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.oauth.providerFailed";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiOauthGithubStart: {
        parameters: {
            query?: {
                mode?: "login" | "bind";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect (`Location`: the provider URL) with the `chat_oauth` cookie */
            302: {
                headers: {
                    /** @description GitHub's authorization URL */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unknown mode (`api.oauth.badMode`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.oauth.badMode" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description `mode=bind` without a login (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description `mode=bind` for an account that is not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or with an API key without `security` (`api.forbidden`). Also: The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description GitHub login is not configured (`api.oauth.disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.oauth.disabled";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description `mode=bind` with an API key whose rate window is exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiOauthGithubUnbind: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Nothing linked (`api.oauth.notBound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.oauth.notBound";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiOauthMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        links: {
                            created: number;
                            login: string;
                            provider: string;
                        }[];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiOauthProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        providers: {
                            /** @constant */
                            id: "github";
                            name: string;
                        }[];
                    };
                };
            };
            /** @description The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.ipBanned";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        components?: {
                            [key: string]: unknown;
                        };
                        info: {
                            title: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @constant */
                        openapi: "3.1.0";
                        paths: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.ipBanned";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiPass: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    newPassword: string;
                    oldPassword: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Weak new password (`api.register.weakPassword`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.register.weakPassword" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Wrong current password (`api.pass.wrongOld`). Also: Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.pass.wrongOld" | "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiProfile: {
        parameters: {
            query?: {
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        profile: components["schemas"]["Profile"];
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown user (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    avatar?: string;
                    nickname?: string;
                    signature?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Avatar not the path of a live image uploaded here (`api.profile.badAvatar`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.profile.badAvatar" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Avatar an image someone else uploaded (`api.file.notYours`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.file.notYours" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Nickname over 32, signature or avatar over 200 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            name: string;
                            ok: boolean;
                        }[];
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.ipBanned";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A check failed or the node is shutting down (`api.unavailable`); `checks` tells which. Also: A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    name: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description `{ok, message}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        message: "api.register.submitted";
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid name (`api.register.badName`), e-mail (`api.register.badEmail`) or a weak password (`api.register.weakPassword`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.register.badName" | "api.register.badEmail" | "api.register.weakPassword" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Registration is closed (`api.register.closed`). Also: A cookie-carrying request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.register.closed" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Name taken (`api.user.nameTaken`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.nameTaken";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description Too many attempts from this address in the hour (`api.address.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.address.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dm?: string;
                    gid?: string;
                    idx: number;
                    /** @default  */
                    reason?: string;
                    /** @enum {string} */
                    type: "message";
                } | {
                    name: string;
                    /** @default  */
                    reason?: string;
                    /** @enum {string} */
                    type: "user";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Reporting oneself or one's own message (`api.report.self`); a message report without exactly one of `gid` and `dm` (`api.msg.noRoom`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.report.self" | "api.msg.noRoom" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description A message of a group the caller is not in (`api.group.noView`) or of a conversation with oneself (`api.msg.self`). Also: Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.group.noView" | "api.msg.self" | "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown message (`api.msg.notFound`), user (`api.user.notFound`) or group (`api.group.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.msg.notFound" | "api.user.notFound" | "api.group.notFound";
                    };
                };
            };
            /** @description Already reported and still pending (`api.report.duplicate`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.report.duplicate";
                    };
                };
            };
            /** @description Reason over 500 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowInvite: boolean;
                        away: boolean;
                        invisible: boolean;
                        /** @enum {string} */
                        lang: "zh" | "en" | "ja";
                        /** @constant */
                        ok: true;
                        readReceipts: boolean;
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description The account is gone (`api.user.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.user.notFound";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowInvite?: boolean;
                    away?: boolean;
                    invisible?: boolean;
                    /** @enum {string} */
                    lang?: "zh" | "en" | "ja";
                    readReceipts?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        needed: boolean;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.ipBanned";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string;
                    name: string;
                    password: string;
                    token?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid name (`api.register.badName`), e-mail (`api.register.badEmail`) or a weak password (`api.register.weakPassword`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.register.badName" | "api.register.badEmail" | "api.register.weakPassword" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Wrong setup token (`api.setup.badToken`). Also: A cookie-carrying request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.setup.badToken" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description An administrator exists (`api.setup.done`), or the name is taken (`api.user.nameTaken`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.setup.done" | "api.user.nameTaken";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description Too many attempts from this address in the hour (`api.address.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.address.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiTusId: {
        parameters: {
            query?: never;
            header: {
                /** @description tus protocol version */
                "Tus-Resumable": "1.0.0";
                /** @description Total bytes, at most 104857600 (deferred length is refused) */
                "Upload-Length": string;
                /** @description Comma-separated `key base64value` pairs; `filename` is required and must have an allowed extension */
                "Upload-Metadata": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created: the upload URL is in `Location` */
            201: {
                headers: {
                    /** @description `/api/tus/<id>` */
                    Location: string;
                    /** @description tus protocol version */
                    "Tus-Resumable": "1.0.0";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No `Upload-Length` (`api.upload.tooLarge`), a file name (`api.upload.badName`) or type (`api.upload.badType`) not allowed. Also: A path parameter whose percent-encoding is malformed (`api.badRequest`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.tooLarge" | "api.upload.badName" | "api.upload.badType" | "api.badRequest";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Missing or unsupported Tus-Resumable; text body */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Upload-Length over 100 MB; text body */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    deleteApiTusId: {
        parameters: {
            query?: never;
            header: {
                /** @description tus protocol version */
                "Tus-Resumable": "1.0.0";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A path parameter whose percent-encoding is malformed (`api.badRequest`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown upload, or one created by another account (`api.upload.sessionGone`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.sessionGone";
                    };
                };
            };
            /** @description Missing or unsupported Tus-Resumable; text body */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    optionsApiTusId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    "Tus-Extension": string;
                    /** @description 104857600 */
                    "Tus-Max-Size": string;
                    "Tus-Version": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A path parameter whose percent-encoding is malformed (`api.badRequest`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    headApiTusId: {
        parameters: {
            query?: never;
            header: {
                /** @description tus protocol version */
                "Tus-Resumable": "1.0.0";
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The upload exists */
            200: {
                headers: {
                    /** @description tus protocol version */
                    "Tus-Resumable": "1.0.0";
                    /** @description When complete: identical content was already stored */
                    "Upload-Deduped"?: "true" | "false";
                    /** @description When complete: the file kind */
                    "Upload-Kind"?: string;
                    "Upload-Length": string;
                    /** @description When complete: the original name, URI-encoded */
                    "Upload-Name"?: string;
                    "Upload-Offset": string;
                    /** @description When the upload is complete: `/uploads/<stored name>` */
                    "Upload-Url"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A path parameter whose percent-encoding is malformed (`api.badRequest`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown upload, or one created by another account (`api.upload.sessionGone`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.sessionGone";
                    };
                };
            };
            /** @description The upload expired (24 hours); text body */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or unsupported Tus-Resumable; text body */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    patchApiTusId: {
        parameters: {
            query?: never;
            header: {
                "Content-Type": "application/offset+octet-stream";
                /** @description tus protocol version */
                "Tus-Resumable": "1.0.0";
                /** @description Bytes the server already has (from HEAD) */
                "Upload-Offset": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/offset+octet-stream": string;
            };
        };
        responses: {
            /** @description Done (no content) */
            204: {
                headers: {
                    /** @description tus protocol version */
                    "Tus-Resumable": "1.0.0";
                    /** @description When complete: identical content was already stored */
                    "Upload-Deduped"?: "true" | "false";
                    /** @description When complete: the file kind */
                    "Upload-Kind"?: string;
                    /** @description When complete: the original name, URI-encoded */
                    "Upload-Name"?: string;
                    "Upload-Offset": string;
                    /** @description When the upload is complete: `/uploads/<stored name>` */
                    "Upload-Url"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Finalising failed: content not matching its image type (`api.upload.badSignature`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.badSignature" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown upload, or one created by another account (`api.upload.sessionGone`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.sessionGone";
                    };
                };
            };
            /** @description Upload-Offset does not match the bytes received (ask HEAD and resume from there); text body */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The upload expired (24 hours); text body */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or unsupported Tus-Resumable; text body */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description More bytes than Upload-Length. Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description Content-Type is not application/offset+octet-stream; text body */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiTwofaDisable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Malformed code (`api.twofa.badCode`), or 2FA is not on (`api.twofa.notOn`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.twofa.badCode" | "api.twofa.notOn" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Wrong code (`api.twofa.badCode`). Also: Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.twofa.badCode" | "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiTwofaEnable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Malformed code (`api.twofa.badCode`), or no secret started with /api/twofa/setup (or another one) (`api.twofa.noSetup`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.twofa.badCode" | "api.twofa.noSetup" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Wrong code (`api.twofa.badCode`). Also: Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.twofa.badCode" | "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiTwofaSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        otpauth: string;
                        secret: string;
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description 2FA is already on (`api.twofa.alreadyOn`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.twofa.alreadyOn";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiTwofaVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challenge: string;
                    code: string;
                    /** @description Also answer the session token (`token`), for `Authorization: Bearer` and the socket `auth.token` */
                    token?: boolean;
                };
            };
        };
        responses: {
            /** @description `{ok, username, mustChange}` and the session cookie (with `token: true` also `token`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mustChange: boolean;
                        /** @constant */
                        ok: true;
                        token?: string;
                        username: string;
                    };
                };
            };
            /** @description Malformed code (`api.twofa.badCode`), or an unknown, expired or used challenge (`api.twofa.badChallenge`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.twofa.badCode" | "api.twofa.badChallenge" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Wrong code (`api.twofa.badCode`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.twofa.badCode";
                    };
                };
            };
            /** @description The account may no longer log in (`api.login.pending`, `api.login.rejected`, `api.login.banned`). Also: A cookie-carrying request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.pending" | "api.login.rejected" | "api.login.banned" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description Address locked (`api.login.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The content, as the part named `file`; its file name (in the part header) is kept for display */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deduped: boolean;
                        /** @enum {string} */
                        kind: "image" | "code" | "audio" | "video" | "document" | "archive" | "other";
                        name: string;
                        /** @constant */
                        ok: true;
                        size: number;
                        url: string;
                    };
                };
            };
            /** @description Not multipart (`api.upload.notMultipart`), no `file` part (`api.upload.noFile`), a name (`api.upload.badName`) or type (`api.upload.badType`) not allowed, content not matching its image type (`api.upload.badSignature`), a multipart body cut short or not closed (`api.upload.failed`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.notMultipart" | "api.upload.noFile" | "api.upload.badName" | "api.upload.badType" | "api.upload.badSignature" | "api.upload.failed" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Over 5 MB (`api.upload.tooLarge`), refused before the body is read when Content-Length says so. Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.tooLarge" | "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiUploadAbort: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    uploadId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown or foreign session (`api.upload.sessionGone`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.sessionGone";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiUploadChunk: {
        parameters: {
            query: {
                index: string;
                uploadId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The content, as the part named `file`; its file name (in the part header) is kept for display */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        index: number;
                        /** @constant */
                        ok: true;
                        received: number[];
                    };
                };
            };
            /** @description An index outside the session or a chunk of the wrong size (`api.upload.badChunk`), not multipart (`api.upload.notMultipart`), no `file` part (`api.upload.noFile`), a multipart body cut short or not closed, or a chunk still not written after 6 minutes (`api.upload.failed`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.badChunk" | "api.upload.notMultipart" | "api.upload.noFile" | "api.upload.failed" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown, expired, completed or foreign session (`api.upload.sessionGone`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.sessionGone";
                    };
                };
            };
            /** @description Another request has been sending the same index for 30 s and is still at it (`api.upload.chunkBusy`); send it again later */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.chunkBusy";
                    };
                };
            };
            /** @description A chunk over 5242880 bytes (`api.upload.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.tooLarge" | "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiUploadComplete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    uploadId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deduped: boolean;
                        /** @enum {string} */
                        kind: "image" | "code" | "audio" | "video" | "document" | "archive" | "other";
                        name: string;
                        /** @constant */
                        ok: true;
                        size: number;
                        url: string;
                    };
                };
            };
            /** @description Content not matching its image type (`api.upload.badSignature`). Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.badSignature" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown, expired, foreign or already completing session (`api.upload.sessionGone`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.sessionGone";
                    };
                };
            };
            /** @description Chunks are missing (`api.upload.incomplete`, with `received`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.incomplete";
                    };
                };
            };
            /** @description Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    postApiUploadInit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    size: number;
                    uploadId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chunks: number;
                        chunkSize: number;
                        /** @constant */
                        ok: true;
                        received: number[];
                        uploadId: string;
                    };
                };
            };
            /** @description A name (`api.upload.badName`) or type (`api.upload.badType`) not allowed. Also: Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.badName" | "api.upload.badType" | "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); a cookie-authenticated request from a foreign origin (`api.originForbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.originForbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description A size that is not 1 byte to 100 MB (`api.upload.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.upload.tooLarge" | "api.tooLarge";
                    };
                };
            };
            /** @description A body that is not JSON (`api.unsupportedMediaType`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unsupportedMediaType";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getApiUsers: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        users: components["schemas"]["User"][];
                    };
                };
            };
            /** @description Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest" | "api.invalidJson";
                    };
                };
            };
            /** @description Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized" | "api.key.bad" | "api.key.revoked" | "api.key.expired";
                    };
                };
            };
            /** @description Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`); the caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.login.banned" | "api.login.pending" | "api.login.rejected" | "api.forbidden" | "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Keyword over 64 characters (`api.tooLarge`). Also: Request body too large (`api.tooLarge`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.tooLarge";
                    };
                };
            };
            /** @description API-key rate window exhausted (`api.rateLimited`, `Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.rateLimited";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description METRICS_TOKEN is set and the request does not carry it as a bearer token (`api.unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unauthorized";
                    };
                };
            };
            /** @description The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.ipBanned";
                    };
                };
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
    getUploadsName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The content */
            200: {
                headers: {
                    "Accept-Ranges": "bytes";
                    "Cache-Control": "private, max-age=86400";
                    "Content-Disposition": string;
                    /** @description The sha256 of the content, quoted */
                    ETag: string;
                    "Last-Modified": string;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description One byte range of the content (`Content-Range`) */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified: `If-None-Match` names the ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A path parameter whose percent-encoding is malformed (`api.badRequest`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.badRequest";
                    };
                };
            };
            /** @description The caller’s address is under an ip ban (`api.penalty.ipBanned`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.penalty.ipBanned";
                    };
                };
            };
            /** @description Unknown, expired or deleted file (`api.notFound`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.notFound";
                    };
                };
            };
            /** @description The range lies beyond the file (`Content-Range: bytes *\/<size>`) */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected failure of the server (`api.internal`); never an answer to bad input */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.internal";
                    };
                };
            };
            /** @description A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"] & {
                        /** @enum {unknown} */
                        error?: "api.unavailable";
                    };
                };
            };
        };
    };
}
