/** The parts of ECharts the inverter charts use, registered once (loaded with the first chart). */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, ToolboxComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, GridComponent, LegendComponent, ToolboxComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
