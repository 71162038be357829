def legal(holding, trump, led):
    """The cards of holding that may be played (led is None when you lead)."""
    if led is None:
        return list(holding)  # the leader may lead anything
    suit_led = effective_suit(led, trump)  # the left bower led means trump was led
    follow = [card for card in holding if effective_suit(card, trump) == suit_led]
    return follow or list(holding)  # void in the suit led: anything goes


check("q4", legal)
