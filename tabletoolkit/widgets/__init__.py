"""The top floor: ipywidgets views over the library. The library never imports this package."""

from .start_here import dice_total_explorer, phase_map_html
from .stepper import Stepper, data_table, rich_html, stepper
from .table import Table, table

__all__ = ["Stepper", "dice_total_explorer", "phase_map_html", "data_table", "rich_html", "stepper", "Table", "table"]
