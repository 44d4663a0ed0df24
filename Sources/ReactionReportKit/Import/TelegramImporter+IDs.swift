import JSONReader

/// Telegram Desktop has written the ids of chats and people in two ways, and an export of one
/// chat made before the change and one made after must read as one conversation with the same
/// people. Facts from Telegram Desktop's own sources (`Telegram/SourceFiles/export/`):
///
/// - Before the change, ids were tdesktop's internal 64-bit `PeerId`: a user's bare id plus
///   `kUserPeerIdShift` (1 << 32); a basic group's or a channel's (supergroups are channels)
///   plus `kChatPeerIdShift` (2 << 32): basic groups and channels were not told apart
///   (`UserPeerId`, `ChatPeerId`, `ParsePeerId` in `export_data_types.cpp`, telegramdesktop/tdesktop
///   @ e51dc469). A chat's `id` was that `PeerId`, a number (`writeDialogStart` writes
///   `NumberToString(data.peerId)`). `from_id` and `actor_id` were numbers too, in two eras:
///   - from the first ids (tdesktop pull request #5426, end of 2018) until autumn 2020, the
///     sender's bare user id (`message.fromId` was the `int32` user id; EvilTatur/bettergram
///     @ b3f3b8c7, `export_output_json.cpp`), written only when the message had a sending user:
///     a channel's unsigned posts have neither `from` nor `from_id`;
///   - from autumn 2020 (MTProto layer 119, where a message's sender became a peer) the sender's
///     `PeerId`, shifted as above, and for a message without a sender (a channel's own post) the
///     chat's (`ParseMessage`: `fromId = peerId`, tdesktop @ e51dc469). The 2020 sample of
///     la-ninpre/tg2md shows it: chat `9882011936` = 2^33 + 1292077344, `from_id` the same.
/// - Since 2021 (the 2021 sample of the same channel already has it) a chat's `id` is the bare id
///   (`PeerToBareId`) and a person is text naming its kind: `user123`, `chat123`, `channel123`
///   (`push` of a `PeerId` in `export_output_json.cpp`, tdesktop @ 35f5d5a7). Message ids are per
///   chat in both and are not changed.
///
/// So a number in `from_id`/`actor_id` was written by an old version, always: below 2^32 it is a
/// bare user id, in [2^32, 2^33) a shifted user, in [2^33, 3·2^32) a shifted basic group or
/// channel. A chat's `id` is a number in both ways of writing, and new user ids now exceed 2^32,
/// so its scheme is decided per chat by what the chat shows (`TelegramImporter.idScheme`).
///
/// Cases that stay ambiguous, and what is done:
/// - A shifted basic-group-or-channel person: in a basic group (`private_group`) it is the
///   group itself (`chat…`); anywhere else a channel (`channel…`): a channel's own post, a
///   supergroup's anonymous admin, a linked channel's forward. Old ids cannot say more.
/// - A chat whose messages carry no `from_id`/`actor_id` at all (empty, or a channel exported
///   before autumn 2020 whose posts were unsigned): a group or channel whose `id` lies in
///   [2^33, 3·2^32) is read as shifted (bare group and channel ids are far below 2^33); a
///   personal, bot or saved-messages chat is read as written, since its id may be a new user id
///   above 2^32 as well as a shifted old one (only the conversation's id is at stake: such a chat
///   has no message with an author).
/// - A number that no version writes (zero or less, 3·2^32 or more, not a whole number) is kept
///   as written.
struct TelegramChatIDs {
    /// How a chat's own `id` was written.
    enum Scheme: Equatable {
        /// Before 2021: a `PeerId`, the bare id plus 2^32 (people) or 2^33 (groups, channels).
        case shifted
        /// Since 2021: the bare id.
        case bare
    }

    /// tdesktop's `kUserPeerIdShift`: added to a user's id.
    static let userShift: Int64 = 1 << 32
    /// tdesktop's `kChatPeerIdShift`: added to a basic group's or a channel's id.
    static let chatShift: Int64 = 2 << 32
    /// The end of the shifted basic-group-and-channel range (both shift bits set is no peer).
    static let shiftedEnd: Int64 = 3 << 32

    /// Chat types whose `id` names a group or a channel.
    static let groupAndChannelTypes: Set<String> = [
        "private_group", "private_supergroup", "public_supergroup", "private_channel", "public_channel"
    ]

    let scheme: Scheme
    /// True in a basic group, where a shifted group-or-channel person is the group itself.
    let isBasicGroup: Bool

    init(scheme: Scheme, chatType: String) {
        self.scheme = scheme
        isBasicGroup = chatType == "private_group"
    }

    /// The chat's `id` in today's form (the bare id); nil when it is neither a number nor text.
    func chatID(_ value: JSONValue?) -> String? {
        guard case .number(let text)? = value else { return value?.string }
        guard scheme == .shifted, let number = Int64(text) else { return text }
        switch number {
        case Self.userShift..<Self.chatShift: return String(number - Self.userShift)
        case Self.chatShift..<Self.shiftedEnd: return String(number - Self.chatShift)
        default: return text
        }
    }

    /// A person (`from_id`, `actor_id`, a reactor's `from_id`) in today's form: text as written,
    /// a number mapped from the old ways (only old versions wrote numbers); nil for other values.
    func personID(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number(let text): return personID(number: text)
        default: return nil
        }
    }

    /// A person written as a number (see the ranges above).
    func personID(number text: String) -> String {
        guard let number = Int64(text) else { return text }
        switch number {
        case 1..<Self.userShift: return "user" + String(number)
        case Self.userShift..<Self.chatShift: return "user" + String(number - Self.userShift)
        case Self.chatShift..<Self.shiftedEnd: return (isBasicGroup ? "chat" : "channel") + String(number - Self.chatShift)
        default: return text
        }
    }

    /// How `chat`'s `id` was written, from what the chat itself shows: the first `from_id` or
    /// `actor_id` of its messages (a number: old; text: new) or the first member only new
    /// versions write (`date_unixtime`, `text_entities`, `reactions`: new), else its type and id
    /// (see the cases above). Only ids in the shifted ranges are looked into, and the walk stops
    /// at the first message that tells, in practice the first one; a chat that tells nothing
    /// (a channel exported before autumn 2020) is walked whole, once more than it is read.
    static func scheme(of chat: JSONValue, type: String) -> Scheme {
        guard case .number(let text)? = chat["id"], let id = Int64(text), (userShift..<shiftedEnd).contains(id) else { return .bare }
        for message in chat["messages"]?.elements ?? [] {
            for key in ["from_id", "actor_id"] {
                switch message[key] {
                case .number?: return .shifted
                case .string?: return .bare
                default: break
                }
            }
            if message["date_unixtime"] != nil || message["text_entities"] != nil || message["reactions"] != nil { return .bare }
        }
        return groupAndChannelTypes.contains(type) && id >= chatShift ? .shifted : .bare
    }
}
