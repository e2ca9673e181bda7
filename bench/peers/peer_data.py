"""The numbers of one workload in peer-neutral form, read from the chartd spec."""


class Data:
    """The numbers of one workload in peer-neutral form."""

    def __init__(self, wl):
        spec = wl["spec"]
        self.id = wl["id"]
        self.kind = spec["kind"]
        self.width = spec.get("width", 800)
        self.height = spec.get("height", 400)
        self.legend = spec.get("legend", {}).get("enabled", True)
        self.series = []  # (label, columns dict)
        for ds in spec["dataSets"]:
            self.series.append((ds.get("label", ds.get("id")), ds["entries"]))
        fmt = spec.get("xAxis", {}).get("format", {})
        self.categories = fmt.get("labels") if fmt.get("type") == "category" else None
        self.hole = spec.get("pie", {}).get("holeRadius", 0.5)


def tick_positions(n, max_ticks=10):
    """Indices for at most `max_ticks` evenly spaced category labels."""
    step = max(1, -(-n // max_ticks))
    return list(range(0, n, step))
