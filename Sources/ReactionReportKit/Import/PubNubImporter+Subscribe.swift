import JSONReader

/// Logs of raw subscribe v2 responses: `{"t": {"t": …, "r": …}, "m": [envelope…]}`, one per
/// file, several in a JSON array, or one per line.
///
/// Envelope members, as the PubNub SDKs read them (pubnub/javascript
/// `src/core/endpoints/subscribe.ts` `Envelope` and `PubNubEventType`; pubnub/python
/// `pubnub/workers.py`): channel `c`, publisher `i`, payload `d`, publish timetoken `p.t`, and
/// the kind of event `e`: absent or 0 a message (a presence event when the channel ends in
/// `-pnpres`), 1 a signal, 2 an App Context object event, 3 a message action, 4 a file message
/// (`d` = `{message, file: {id, name}}`, its text in `message`).
extension PubNubImporter {
    /// Subscribe v2 responses. A message action's reaction is in `d.data` (`type`, `value`), a
    /// member whose name says nothing of reactions, so no member is declared: a member that does
    /// (a `reactions` list in a published payload, say) is not read, and is named.
    public static let subscribe = InputFormat(
        id: "pubnub-subscribe", platform: .pubnub,
        summary: "subscribe v2 responses ({\"t\":{…},\"m\":[envelope…]}): one, a JSON array of them, or JSON lines",
        recognisedBy: "objects with a \"t\" cursor object and an \"m\" array of envelopes",
        reactionMembers: ReactionMembers(records: ["$.m[*]", "$[*].m[*]"], members: []))

    /// The kinds of envelope a subscribe response carries.
    enum EnvelopeKind: Equatable {
        case message, signal, object, messageAction, file, presence
        /// An `e` the SDKs do not know (a newer service's event): passed over, as they do.
        case other
    }

    /// True for a subscribe response: a `t` cursor object and an `m` array.
    static func isSubscribeResponse(_ value: JSONValue) -> Bool {
        guard let cursor = value["t"]?.object, cursor["t"] != nil else { return false }
        return value["m"]?.elements != nil
    }

    /// What `envelope` carries, by its `e` (and, for a message without one, its channel).
    static func kind(of envelope: JSONValue) -> EnvelopeKind {
        switch envelope["e"] {
        case nil, .null?:
            return (envelope["c"]?.string ?? "").hasSuffix("-pnpres") ? .presence : .message
        case let type?:
            switch type.int64 {
            case 0?: return .message
            case 1?: return .signal
            case 2?: return .object
            case 3?: return .messageAction
            case 4?: return .file
            default: return .other
            }
        }
    }

    /// Reads every envelope of every response: messages and file messages become messages,
    /// message actions are applied by identity (as the other event logs are), and signals,
    /// presence and object events, which carry no reactions, are passed over (a reaction member
    /// in one is named by the import's audit).
    func readSubscribe(_ document: InputDocument, into sink: ImportSink) {
        let responses = document.root.elements ?? [document.root]
        for response in responses {
            for envelope in response["m"]?.elements ?? [] {
                readEnvelope(envelope, into: sink)
            }
        }
    }

    func readEnvelope(_ envelope: JSONValue, into sink: ImportSink) {
        let channel = envelope["c"]?.string
        switch Self.kind(of: envelope) {
        case .message, .file:
            guard let channel, let timetoken = timetoken(envelope["p"]?["t"]) else {
                sink.diagnose(.skippedRecord, "a subscribe envelope without a channel or a readable publish timetoken")
                return
            }
            sink.conversation(ConversationInfo(platform: .pubnub, id: channel, name: channel))
            let payload = Self.kind(of: envelope) == .file ? envelope["d"]?["message"] : envelope["d"]
            sink.message(
                ImportedMessage(
                    platform: .pubnub, conversationID: channel, id: timetoken, authorID: envelope["i"]?.string,
                    sentAt: Timestamp.timetoken(timetoken), text: text(of: payload)))
        case .messageAction:
            // The reactor is the publisher `i` (the JS SDK sets the action's uuid from it); a
            // `uuid` in `d.data` stands in when there is none (the Python SDK's order).
            guard let action = envelope["d"]?["data"], let event = envelope["d"]?["event"]?.string else {
                sink.diagnose(
                    .skippedRecord, "a message-action envelope without \"event\" and \"data\"",
                    reactions: reactions(inAction: envelope["d"]?["data"]))
                return
            }
            let uuid = envelope["i"].flatMap { $0.isNull ? nil : $0 } ?? action["uuid"]
            readAction(action, uuid: uuid, channel: channel, event: event, into: sink)
        case .signal, .object, .presence, .other:
            return
        }
    }
}
