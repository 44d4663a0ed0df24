import JSONReader

/// The members of a document that may hold reactions, noted by the parser while it reads the
/// document (whether it builds a tree, validates a large document, or is walked as a cursor):
/// every member whose name says "reaction" in any case (`reactions`, `reaction_groups`,
/// `latest_reactions`, `reactionCounts`, `reaction`…), every `actions` object (PubNub's map of
/// action types) and every `m.annotation` object (Matrix aggregations), when its value is not
/// empty (`MemberRule.reactionSites`). Sites are grouped by their path with array positions as
/// `[*]`; inside a site nothing more is looked for.
///
/// This is what makes "nothing dropped in silence" structural: the import compares the groups
/// with the members its importer reads (`ReactionMembers`) and names every other one.
public typealias ReactionSites = NotedMembers

extension MemberRule {
    /// The members that may hold reactions (`ReactionSites`). `actions` and `m.annotation` are
    /// sites only when they hold an object (a PubNub action map, a Matrix aggregation): Slack's
    /// attachments, for one, have `actions` lists of buttons.
    public static let reactionSites = MemberRule([
        Pattern(.exactly("actions"), objectsOnly: true),
        Pattern(.exactly("m.annotation"), objectsOnly: true),
        Pattern(.containing("reaction"))
    ])
}
