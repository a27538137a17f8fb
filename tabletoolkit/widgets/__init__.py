"""The top floor: ipywidgets views over the library. The library never imports this package."""

from .exercise import predict_chance, predict_choice, predict_number, variant_controls
from .start_here import dice_total_explorer, phase_map_html
from .stepper import Stepper, data_table, rich_html, stepper
from .table import Table, table, table_with_rules

__all__ = ["Stepper", "dice_total_explorer", "phase_map_html", "data_table", "rich_html", "stepper", "Table", "table",
           "table_with_rules", "predict_chance", "predict_choice", "predict_number", "variant_controls"]
